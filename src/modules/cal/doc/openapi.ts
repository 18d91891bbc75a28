import type { ArgSpec, JsonSchema, RestRouteEntry } from '../../../platform/rest';

/**
 * Route table → OpenAPI 3.0 document. Everything is derived from the route declarations (methods,
 * `@Arg` specs, item `schema`, `summary`), so the document cannot drift from what the server does.
 */

export type OpenApiSchema = Record<string, unknown>;

export interface OpenApiInfo {
  version: string;
  title: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: '3.0.0';
  info: OpenApiInfo;
  components: { schemas: Record<string, OpenApiSchema> };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
}

const CAPTURE = /\(\?P<([A-Za-z_][A-Za-z0-9_]*)>(?:[^()]|\([^()]*\))*\)/g;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const DROPPED_KEYWORDS = new Set([
  '$schema',
  'context',
  'required',
  'readonly',
  'validate',
  'sanitize',
  'title',
]);

/** `/events/(?P<id>\d+)` → `{ path: '/events/{id}', params: ['id'] }`. */
export function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(CAPTURE, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/** A name usable as a component key: `event` → `Event`. */
function componentName(title: string): string {
  return title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

class SchemaConverter {
  readonly components: Record<string, OpenApiSchema> = {};

  /** Registers a top-level item schema (a route's `schema`) as a component; returns its `$ref`. */
  register(schema: JsonSchema): OpenApiSchema | null {
    if (!schema.title) return null;
    const name = componentName(schema.title);
    if (!this.components[name] || (schema.properties && !this.components[name].properties)) {
      this.components[name] = this.convert({ ...schema, type: 'object', title: undefined });
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** JSON schema (WordPress dialect) → OpenAPI 3.0 schema; titled nested schemas become components. */
  convert(schema: JsonSchema, nested = false): OpenApiSchema {
    if (nested && schema.title) {
      const name = componentName(schema.title);
      if (schema.properties && !this.components[name]?.properties) {
        this.components[name] = this.convert({
          ...schema,
          type: 'object',
          title: undefined,
          description: undefined,
        });
      } else if (!this.components[name]) {
        this.components[name] = { type: 'object' };
      }
      const ref = { $ref: `#/components/schemas/${name}` };
      const types = Array.isArray(schema.type) ? schema.type : [];
      const others = types.filter((type) => type !== 'object');
      if (others.length === 0)
        return schema.description ? { allOf: [ref], description: schema.description } : ref;
      return {
        ...(schema.description ? { description: schema.description } : {}),
        oneOf: [ref, ...others.filter((type) => type !== 'null').map((type) => ({ type }))],
        ...(others.includes('null') ? { nullable: true } : {}),
      };
    }
    const result: OpenApiSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED_KEYWORDS.has(key) || value === undefined) continue;
      switch (key) {
        case 'type':
          Object.assign(result, this.convertType(value as JsonSchema['type']));
          break;
        case 'items':
          result.items = this.convert(value as JsonSchema, true);
          break;
        case 'properties':
          result.properties = Object.fromEntries(
            Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [
              name,
              this.convert(property, true),
            ]),
          );
          break;
        case 'additionalProperties':
          result.additionalProperties =
            typeof value === 'object' ? this.convert(value as JsonSchema, true) : value;
          break;
        case 'anyOf':
        case 'oneOf':
          result[key] = (value as JsonSchema[]).map((item) => this.convert(item, true));
          break;
        case 'format':
          if (!['text-field', 'textarea-field', 'hex-color'].includes(String(value))) result.format = value;
          break;
        default:
          result[key] = value;
      }
    }
    if (schema.readonly) result.readOnly = true;
    if (schema.properties) {
      const required = Object.entries(schema.properties)
        .filter(([, property]) => property.required === true)
        .map(([name]) => name);
      if (required.length) result.required = required;
    }
    return result;
  }

  /** OpenAPI 3.0 has one type per schema: a list becomes `oneOf`, `null` becomes `nullable`. */
  private convertType(type: JsonSchema['type']): OpenApiSchema {
    const types = Array.isArray(type) ? type : type ? [type] : [];
    const nonNull = types.filter((item) => item !== 'null');
    const nullable = types.includes('null') ? { nullable: true } : {};
    if (nonNull.length === 0) return nullable;
    if (nonNull.length === 1) return { type: nonNull[0], ...nullable };
    return { oneOf: nonNull.map((item) => ({ type: item })), ...nullable };
  }
}

function argSchema(converter: SchemaConverter, spec: ArgSpec): OpenApiSchema {
  return converter.convert(spec);
}

function isListArg(spec: ArgSpec): boolean {
  const types = Array.isArray(spec.type) ? spec.type : [spec.type];
  return types.includes('array');
}

function parameter(
  converter: SchemaConverter,
  name: string,
  spec: ArgSpec | undefined,
  location: 'path' | 'query',
): OpenApiSchema {
  const schema = spec ? argSchema(converter, spec) : { type: 'string' };
  delete schema.description;
  return {
    name,
    in: location,
    description: spec?.description ?? 'No description provided',
    required: location === 'path' ? true : spec?.required === true,
    schema,
    ...(spec && location === 'query' && isListArg(spec) ? { style: 'form', explode: false } : {}),
  };
}

function responsesFor(
  method: string,
  itemRef: OpenApiSchema | null,
  collection: boolean,
): Record<string, unknown> {
  const content = (schema: OpenApiSchema | null) =>
    schema ? { content: { 'application/json': { schema } } } : {};
  const itemOrList = itemRef && collection ? { type: 'array', items: itemRef } : itemRef;
  const errors = {
    '400': { description: 'One or more of the specified parameters has a bad format.' },
    '401': { description: 'The request requires authentication.' },
    '403': { description: 'The caller is not allowed to do this, or the resource is not accessible.' },
    '404': { description: 'The requested resource or page was not found.' },
  };
  switch (method) {
    case 'GET':
      return {
        '200': { description: 'OK', ...content(itemOrList) },
        '400': errors['400'],
        '403': errors['403'],
        '404': errors['404'],
      };
    case 'DELETE':
      return {
        '200': { description: 'Deleted (or moved to the trash).', ...content(itemRef) },
        ...errors,
        '410': { description: 'The resource is already in the trash.' },
      };
    default:
      return {
        [collection ? '201' : '200']: {
          description: collection ? 'Created.' : 'Updated.',
          ...content(itemRef),
        },
        ...errors,
      };
  }
}

/**
 * The OpenAPI 3.0 document of one namespace: `paths` from the routes (path captures → `{name}`
 * parameters, other args → query parameters for GET/DELETE or a request body for writes),
 * `components.schemas` from the routes' item schemas (titled nested schemas are hoisted too).
 */
export function buildOpenApiDocument(
  entries: readonly RestRouteEntry[],
  namespace: string,
  baseUrl: string,
  info: OpenApiInfo = { version: '1.0.0', title: `${namespace} REST API`, description: '' },
): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  const prefix = `/${namespace}`;
  for (const entry of entries) {
    if (entry.namespace !== namespace || entry.pattern === prefix) continue;
    const { path, params } = openApiPath(entry.pattern.slice(prefix.length) || '/');
    const operations: Record<string, unknown> = paths[path] ?? {};
    for (const endpoint of entry.endpoints) {
      const itemRef = endpoint.schema ? converter.register(endpoint.schema()) : null;
      const collection = params.length === 0;
      for (const method of endpoint.methods) {
        const parameters = params.map((name) => parameter(converter, name, endpoint.args.get(name), 'path'));
        const rest = [...endpoint.args].filter(([name]) => !params.includes(name));
        const operation: Record<string, unknown> = {};
        if (endpoint.summary) operation.summary = endpoint.summary;
        if (WRITE_METHODS.has(method)) {
          if (rest.length) {
            const properties: Record<string, OpenApiSchema> = {};
            const required: string[] = [];
            for (const [name, spec] of rest) {
              properties[name] = argSchema(converter, spec);
              if (spec.required) required.push(name);
            }
            const body = { type: 'object', properties, ...(required.length ? { required } : {}) };
            operation.requestBody = {
              content: {
                'application/json': { schema: body },
                'application/x-www-form-urlencoded': { schema: body },
              },
            };
          }
        } else {
          parameters.push(...rest.map(([name, spec]) => parameter(converter, name, spec, 'query')));
        }
        operation.parameters = parameters;
        operation.responses = responsesFor(method, itemRef, collection);
        operations[method.toLowerCase()] = operation;
      }
    }
    paths[path] = operations;
  }
  return {
    openapi: '3.0.0',
    info,
    components: { schemas: converter.components },
    servers: [{ url: baseUrl }],
    paths,
  };
}
