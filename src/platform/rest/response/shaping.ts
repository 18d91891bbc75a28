import type { JsonSchema, SchemaContext } from '../schema';
import { parseList } from '../schema';
import { isShared, SharedDerivations } from './shared-items';

/** What context filtering does with one property: drop it, keep it as is, or filter it by its own schema. */
type PropertyAction = false | true | JsonSchema;

/**
 * Per schema and context, the action of each property the schema declares: worked out once, since a route's
 * item schema is built at boot and every item of every list is filtered by it.
 */
const plans = new WeakMap<JsonSchema, Map<SchemaContext, Map<string, PropertyAction>>>();

/** Filtering by `schema` in `context` would keep every value: no property or item of it is hidden there. */
function keepsAll(schema: JsonSchema, context: SchemaContext): boolean {
  for (const property of Object.values(schema.properties ?? {})) {
    if (property.context && !property.context.includes(context)) return false;
    if (!keepsAll(property, context)) return false;
  }
  return !schema.items || keepsAll(schema.items, context);
}

function planOf(schema: JsonSchema, properties: Record<string, JsonSchema>, context: SchemaContext) {
  let byContext = plans.get(schema);
  if (!byContext) {
    byContext = new Map();
    plans.set(schema, byContext);
  }
  let plan = byContext.get(context);
  if (!plan) {
    plan = new Map();
    for (const [key, property] of Object.entries(properties)) {
      const shown = !property.context || property.context.includes(context);
      // A value whose schema hides nothing in this context is kept as it is, not copied.
      plan.set(key, !shown ? false : keepsAll(property, context) ? true : property);
    }
    byContext.set(context, plan);
  }
  return plan;
}

/** Keeps the properties the schema shows in `context` (recursively); keys the schema does not know stay. */
export function filterByContext(data: unknown, schema: JsonSchema, context: SchemaContext): unknown {
  if (Array.isArray(data)) {
    const itemSchema = schema.items ?? schema;
    return data.map((item) => filterByContext(item, itemSchema, context));
  }
  if (typeof data !== 'object' || data === null || !schema.properties) return data;
  const properties = schema.properties;
  if (isShared(data)) {
    return filteredShared.get(data, [schema, context], () => filterObject(data, schema, properties, context));
  }
  return filterObject(data, schema, properties, context);
}

/** The context-filtered forms of shared items (a list's items, the same objects request after request). */
const filteredShared = new SharedDerivations<Record<string, unknown>>();

function filterObject(
  data: object,
  schema: JsonSchema,
  properties: Record<string, JsonSchema>,
  context: SchemaContext,
): Record<string, unknown> {
  const plan = planOf(schema, properties, context);
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(data)) {
    const value = (data as Record<string, unknown>)[key];
    const action = plan.get(key);
    if (action === undefined || action === true) result[key] = value;
    else if (action !== false) result[key] = filterByContext(value, action, context);
  }
  return result;
}

/** Parses `_fields` (comma or space separated, dot paths) into a tree; `true` marks a whole subtree. */
export function parseFieldsParam(value: unknown): Map<string, any> | null {
  const fields = parseList(value)
    .map((f) => String(f).trim())
    .filter(Boolean);
  if (fields.length === 0) return null;
  const tree = new Map<string, any>();
  for (const field of fields) {
    let node = tree;
    const parts = field.split('.');
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const existing = node.get(part);
      if (last) node.set(part, true);
      else if (existing === true) return;
      else {
        const child = existing instanceof Map ? existing : new Map();
        node.set(part, child);
        node = child;
      }
    });
  }
  return tree;
}

function pickFields(item: unknown, tree: Map<string, any>): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const result: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!(key in (item as object))) continue;
    const value = (item as Record<string, unknown>)[key];
    result[key] = sub === true ? value : pickFields(value, sub);
  }
  return result;
}

/** WordPress's rest_filter_response_fields: items of a list are filtered one by one. */
export function filterFields(data: unknown, tree: Map<string, any>): unknown {
  return Array.isArray(data) ? data.map((item) => pickFields(item, tree)) : pickFields(data, tree);
}

/** `_embed` names: null for "embed everything", else the listed relations. */
export function parseEmbedParam(value: unknown): Set<string> | null {
  if (value === undefined || value === '' || value === '1' || value === 'true' || value === true) return null;
  return new Set(parseList(value).map(String));
}
