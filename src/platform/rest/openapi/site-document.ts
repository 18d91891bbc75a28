import type { RestEndpoint, RestRouteEntry } from '../routing/route-registry';
import { describePermission } from '../permissions';
import { openApiPath, operationsOf } from './openapi-document';
import { OpenApiSchema, SchemaConverter } from './schema-converter';

export interface SiteOpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  security: Array<Record<string, string[]>>;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, OpenApiSchema>;
    securitySchemes: Record<string, unknown>;
  };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_SCHEMA: OpenApiSchema = {
  type: 'object',
  description: "WordPress's error answer.",
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    data: { description: 'Usually `{ "status": <HTTP status> }`, sometimes more.' },
  },
  required: ['code', 'message'],
};
const ERRORS: Record<string, string> = {
  '400': 'A parameter is missing or invalid (`rest_missing_callback_param`, `rest_invalid_param`).',
  '401': 'The caller is not logged in and the route needs a user.',
  '403': 'The caller may not do this.',
  '404': 'No such route (`rest_no_route`) or object.',
};
const ANY_JSON = { description: 'The answer (its shape is not declared by the route).' };
/** Application passwords over HTTP Basic, or no credentials at all. */
const OPTIONAL_AUTH: Array<Record<string, string[]>> = [{}, { applicationPassword: [] }];

/** GET whose answer is a list of the route's items rather than one item. */
/** A settings-like answer: WordPress shows `null` for a stored value that does not fit its field's schema. */
function nullableFields(converter: SchemaConverter, itemRef: OpenApiSchema): OpenApiSchema {
  const name = String(itemRef.$ref).split('/').pop() as string;
  const item = converter.components[name] as { properties?: Record<string, OpenApiSchema> };
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(item.properties ?? {}).map(([key, field]) => [
        key,
        { anyOf: [field, { type: 'null' }] },
      ]),
    ),
  };
}

function listShape(endpoint: RestEndpoint, pattern: string, itemRef: OpenApiSchema): OpenApiSchema | null {
  if (endpoint.keyedCollection) return { type: 'object', additionalProperties: itemRef };
  const items = { type: 'array', items: itemRef };
  if (endpoint.envelope) {
    return {
      type: 'object',
      properties: {
        [endpoint.envelope]: items,
        rest_url: { type: 'string' },
        next_rest_url: { type: 'string' },
        previous_rest_url: { type: 'string' },
        total: { type: 'integer' },
        total_pages: { type: 'integer' },
      },
      required: [endpoint.envelope],
    };
  }
  const list = endpoint.list ?? (!pattern.endsWith(')') && endpoint.args.has('per_page'));
  return list ? items : null;
}

function operationId(method: string, path: string, taken: Set<string>): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith('{')
        ? `By${capitalize(segment.slice(1, -1))}`
        : segment.replace(/[^A-Za-z0-9]+/g, '_'),
    )
    .map(capitalize);
  const base = `${method}${words.join('')}` || method;
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function capitalize(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/**
 * The OpenAPI 3.1 document of the whole REST API, every namespace (served at `/openapi.json`): paths and
 * parameters as in the namespace documents, plus an operation id, the namespace as tag, the permission rule
 * (`x-permission`, and `security` where a user is always needed) and, for GET, the answer's schema from the
 * route's item schema (one item; a list when the route pages, is keyed by slug or answers TEC's envelope).
 * Writes answer JSON of a shape the routes do not declare yet.
 */
export function buildSiteOpenApiDocument(
  entries: readonly RestRouteEntry[],
  restPrefix: string,
  info: SiteOpenApiDocument['info'],
): SiteOpenApiDocument {
  const converter = new SchemaConverter('3.1');
  const paths: Record<string, Record<string, unknown>> = {};
  const taken = new Set<string>();
  const tags = new Set<string>();
  for (const entry of entries) {
    const { path, params } = openApiPath(entry.pattern);
    const tag = entry.namespace || 'discovery';
    tags.add(tag);
    const responses = (
      method: string,
      endpoint: RestEndpoint,
      itemRef: OpenApiSchema | null,
    ): Record<string, unknown> => {
      let shape: OpenApiSchema = {};
      if (method === 'GET' && itemRef) {
        shape = endpoint.nullableFields
          ? nullableFields(converter, itemRef)
          : (listShape(endpoint, entry.pattern, itemRef) ?? itemRef);
      }
      const ok = method === 'GET' && itemRef ? { description: 'OK' } : ANY_JSON;
      return {
        [method === 'POST' && !entry.pattern.endsWith(')') ? '2XX' : '200']: {
          ...ok,
          content: { 'application/json': { schema: shape } },
        },
        ...Object.fromEntries(
          Object.entries(ERRORS).map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: ERROR_REF } } },
          ]),
        ),
      };
    };
    const decorate = (operation: Record<string, unknown>, method: string, endpoint: RestEndpoint) => {
      operation.operationId = operationId(method.toLowerCase(), path, taken);
      operation.tags = [tag];
      const permission = describePermission(endpoint.rule);
      operation['x-permission'] = permission;
      if (permission !== 'public' && permission !== 'route rule')
        operation.security = [{ applicationPassword: [] }];
    };
    const operations = paths[path] ?? {};
    for (const [method, operation] of operationsOf(converter, entry, path, params, responses, decorate)) {
      if (operations[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is declared twice`);
      operations[method] = operation;
    }
    paths[path] = operations;
  }
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: `/${restPrefix}` }],
    security: OPTIONAL_AUTH,
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...converter.components, Error: ERROR_SCHEMA },
      securitySchemes: {
        applicationPassword: {
          type: 'http',
          scheme: 'basic',
          description: 'A user login and one of their application passwords.',
        },
      },
    },
  };
}
