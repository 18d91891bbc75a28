import type { ArgSpec } from '../schema';
import type { RestRouteEntry } from '../routing/route-registry';
import { OpenApiSchema, SchemaConverter } from './schema-converter';

/**
 * Route table → OpenAPI 3.0 document. Everything is derived from the route declarations (methods,
 * `@Arg` specs, item `schema`, `summary`), so the document cannot drift from what the server does.
 */

export type { OpenApiSchema } from './schema-converter';

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

/** `/events/(?P<id>\d+)` → `{ path: '/events/{id}', params: ['id'] }`. */
export function openApiPath(pattern: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = pattern.replace(CAPTURE, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
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

type ResponsesOf = (
  method: string,
  endpoint: RestRouteEntry['endpoints'][number],
  itemRef: OpenApiSchema | null,
  path: string,
  params: string[],
) => Record<string, unknown>;

/** The operations of one route: captures → path parameters, other args → query parameters or a body. */
export function operationsOf(
  converter: SchemaConverter,
  entry: RestRouteEntry,
  path: string,
  params: string[],
  responses: ResponsesOf,
  decorate: (
    operation: Record<string, unknown>,
    method: string,
    endpoint: RestRouteEntry['endpoints'][number],
  ) => void = () => undefined,
): Array<[string, Record<string, unknown>]> {
  const operations: Array<[string, Record<string, unknown>]> = [];
  for (const endpoint of entry.endpoints) {
    const itemRef = endpoint.schema ? converter.register(endpoint.schema()) : null;
    for (const method of endpoint.methods) {
      const parameters = params.map((name) => parameter(converter, name, endpoint.args.get(name), 'path'));
      const rest = [...endpoint.args].filter(([name]) => !params.includes(name));
      const operation: Record<string, unknown> = {};
      decorate(operation, method, endpoint);
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
      operation.responses = responses(method, endpoint, itemRef, path, params);
      operations.push([method.toLowerCase(), operation]);
    }
  }
  return operations;
}

/**
 * The OpenAPI 3.0 document of one namespace (TEC's `/doc`): `paths` from the routes (path captures → `{name}`
 * parameters, other args → query parameters for GET/DELETE or a request body for writes),
 * `components.schemas` from the routes' item schemas (titled nested schemas are hoisted too).
 */
export function buildOpenApiDocument(
  entries: readonly RestRouteEntry[],
  namespace: string,
  baseUrl: string,
  info: OpenApiInfo = { version: '1.0.0', title: `${namespace} REST API`, description: '' },
): OpenApiDocument {
  const converter = new SchemaConverter('3.0');
  const paths: Record<string, Record<string, unknown>> = {};
  const prefix = `/${namespace}`;
  for (const entry of entries) {
    if (entry.namespace !== namespace || entry.pattern === prefix) continue;
    const { path, params } = openApiPath(entry.pattern.slice(prefix.length) || '/');
    const operations: Record<string, unknown> = paths[path] ?? {};
    const responses: ResponsesOf = (method, _endpoint, itemRef) =>
      responsesFor(method, itemRef, params.length === 0);
    for (const [method, operation] of operationsOf(converter, entry, path, params, responses))
      operations[method] = operation;
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
