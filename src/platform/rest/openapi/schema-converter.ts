import type { JsonSchema } from '../schema';

export type OpenApiSchema = Record<string, unknown>;

/**
 * `3.0`: TEC's `/doc` dialect (one type per schema, `nullable`, first titled schema wins its name).
 * `3.1`: JSON Schema 2020-12 (type lists, numeric `exclusiveMinimum`); a title whose schemas differ gets one
 * component per shape (`Post`, `Post2`), since one document holds every namespace.
 */
export type OpenApiDialect = '3.0' | '3.1';

const DROPPED_KEYWORDS = new Set([
  '$schema',
  'context',
  'required',
  'readonly',
  'validate',
  'sanitize',
  'title',
]);
/** WordPress formats that are no JSON Schema format (`ip` is WordPress's IPv4-or-IPv6 check). */
const WORDPRESS_FORMATS = new Set(['text-field', 'textarea-field', 'hex-color']);
const WORDPRESS_FORMATS_31 = new Set([...WORDPRESS_FORMATS, 'ip']);

/** A name usable as a component key: `event` → `Event`. */
export function componentName(title: string): string {
  return title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** JSON schema (WordPress dialect) → OpenAPI schema; titled schemas become `components.schemas`. */
export class SchemaConverter {
  readonly components: Record<string, OpenApiSchema> = {};
  private readonly shapes = new Map<string, string>();

  constructor(private readonly dialect: OpenApiDialect = '3.0') {}

  /** Registers a top-level item schema (a route's `schema`) as a component; returns its `$ref`. */
  register(schema: JsonSchema): OpenApiSchema | null {
    if (!schema.title) return null;
    const body = () => this.convert({ ...schema, type: 'object', title: undefined });
    if (this.dialect === '3.1') return this.component(componentName(schema.title), body());
    const name = componentName(schema.title);
    if (!this.components[name] || (schema.properties && !this.components[name].properties)) {
      this.components[name] = body();
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  convert(schema: JsonSchema, nested = false): OpenApiSchema {
    if (nested && schema.title) return this.nestedComponent(schema, schema.title);
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
          if (!(this.dialect === '3.1' ? WORDPRESS_FORMATS_31 : WORDPRESS_FORMATS).has(String(value)))
            result.format = value;
          break;
        case 'exclusiveMinimum':
        case 'exclusiveMaximum':
          if (this.dialect === '3.0') result[key] = value;
          break;
        default:
          result[key] = value;
      }
    }
    if (this.dialect === '3.1') {
      numericExclusiveBounds(schema, result);
      emptyMapAsArray(schema, result);
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

  private nestedComponent(schema: JsonSchema, title: string): OpenApiSchema {
    const name = componentName(title);
    let ref: OpenApiSchema;
    if (this.dialect === '3.1') {
      ref = this.component(
        name,
        schema.properties
          ? this.convert({ ...schema, type: 'object', title: undefined, description: undefined })
          : { type: 'object' },
      );
    } else {
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
      ref = { $ref: `#/components/schemas/${name}` };
    }
    const description = schema.description ? { description: schema.description } : {};
    const types = Array.isArray(schema.type) ? schema.type : [];
    const others = types.filter((type) => type !== 'object');
    if (others.length === 0) return schema.description ? { allOf: [ref], ...description } : ref;
    if (this.dialect === '3.1') {
      return { ...description, anyOf: [ref, { type: others.length === 1 ? others[0] : others }] };
    }
    return {
      ...description,
      oneOf: [ref, ...others.filter((type) => type !== 'null').map((type) => ({ type }))],
      ...(others.includes('null') ? { nullable: true } : {}),
    };
  }

  /** 3.1: the component for this shape under `name`, or `name2`, ... when another shape has the name. */
  private component(name: string, schema: OpenApiSchema): OpenApiSchema {
    const shape = JSON.stringify(schema);
    let key = this.shapes.get(`${name}\n${shape}`);
    if (!key) {
      key = name;
      for (let n = 2; this.components[key]; n += 1) key = `${name}${n}`;
      this.components[key] = schema;
      this.shapes.set(`${name}\n${shape}`, key);
    }
    return { $ref: `#/components/schemas/${key}` };
  }

  /** 3.0 has one type per schema: a list becomes `oneOf`, `null` becomes `nullable`; 3.1 keeps the list. */
  private convertType(type: JsonSchema['type']): OpenApiSchema {
    const types = Array.isArray(type) ? type : type ? [type] : [];
    if (this.dialect === '3.1') return types.length ? { type: types.length === 1 ? types[0] : types } : {};
    const nonNull = types.filter((item) => item !== 'null');
    const nullable = types.includes('null') ? { nullable: true } : {};
    if (nonNull.length === 0) return nullable;
    if (nonNull.length === 1) return { type: nonNull[0], ...nullable };
    return { oneOf: nonNull.map((item) => ({ type: item })), ...nullable };
  }
}

/** WordPress's boolean `exclusiveMinimum` beside `minimum` → 2020-12's numeric bound. */
function numericExclusiveBounds(schema: JsonSchema, result: OpenApiSchema): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      result[flag] = schema[bound];
      delete result[bound];
    }
  }
}

/** PHP encodes an empty associative array as `[]`: a free-form map (e.g. `meta`) may come so when empty. */
function emptyMapAsArray(schema: JsonSchema, result: OpenApiSchema): void {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const freeForm = !schema.properties || Object.keys(schema.properties).length === 0;
  if (freeForm && types.includes('object') && !types.includes('array')) {
    result.type = [...types, 'array'];
    result.maxItems = 0;
  }
}
