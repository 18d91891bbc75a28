import type { JsonSchema, SchemaContext } from '../schema';
import { parseList } from '../schema';

/** Keeps the properties the schema shows in `context` (recursively); keys the schema does not know stay. */
export function filterByContext(data: unknown, schema: JsonSchema, context: SchemaContext): unknown {
  if (Array.isArray(data)) return data.map((item) => filterByContext(item, schema.items ?? schema, context));
  if (typeof data !== 'object' || data === null || !schema.properties) return data;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = schema.properties[key];
    if (!property) {
      result[key] = value;
      continue;
    }
    if (property.context && !property.context.includes(context)) continue;
    result[key] = property.properties || property.items ? filterByContext(value, property, context) : value;
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
