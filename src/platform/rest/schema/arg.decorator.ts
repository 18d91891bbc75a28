import 'reflect-metadata';
import { classValidatorSchemas } from './class-validator-schema';
import { INDEX_SCHEMA_KEYWORDS, type ArgSpec } from './json-schema';

const ARG_SPECS = Symbol('rest:arg-specs');

type ArgsClass = abstract new (...args: any[]) => object;

/**
 * What a route argument needs beyond its class-validator decorators (which state type, presence, ranges,
 * enums, formats and items): the description, the default, WordPress's multi-type (`['integer','boolean']`),
 * object `properties`, and the custom `validate`/`sanitize` callbacks. Older args classes still declare the whole
 * schema here; both merge into one spec per argument. The property name is the wire name.
 */
export function Arg(spec: ArgSpec = {}, options: ArgOptions = {}): PropertyDecorator {
  return (target, propertyKey) => {
    const own: Declared[] = Reflect.getOwnMetadata(ARG_SPECS, target) ?? [];
    Reflect.defineMetadata(ARG_SPECS, [...own, [String(propertyKey), spec, options]], target);
  };
}

export interface ArgOptions {
  /**
   * The order this argument's keywords are shown in (the index, OPTIONS) when it is not WordPress's usual one
   * (e.g. `['description', 'type', 'default', 'enum']`, as WordPress's collection `order`/`orderby`); keywords
   * not listed follow in the usual order. A dotted name orders a nested schema's keywords (`items.enum`).
   */
  order?: readonly string[];
}

type Declared = [name: string, spec: ArgSpec, options?: ArgOptions];

const CLASS_KEYWORD_ORDER = Symbol('rest:class-keyword-order');

/**
 * The keyword order of every argument of this class and its subclasses that states none of its own, where a
 * plugin declares its arguments otherwise than WordPress's usual order (The Events Calendar: type, then
 * description).
 */
export function ArgsKeywordOrder(order: readonly string[]): ClassDecorator {
  return (target) => Reflect.defineMetadata(CLASS_KEYWORD_ORDER, order, target);
}

/**
 * The order an argument's keywords are shown in (the index, OPTIONS): WordPress's usual order, whichever
 * decorator stated them. Other keys (callbacks, `required`) follow.
 */
const KEY_ORDER: readonly string[] = [
  'title',
  'description',
  'type',
  'format',
  'enum',
  'items',
  'properties',
  'additionalProperties',
  'default',
  ...INDEX_SCHEMA_KEYWORDS,
].filter((key, index, all) => all.indexOf(key) === index);

function ordered(spec: ArgSpec, first: readonly string[] = []): ArgSpec {
  const own = first.filter((key) => !key.includes('.'));
  const rank = (key: string) => {
    if (own.includes(key)) return own.indexOf(key);
    const position = KEY_ORDER.indexOf(key);
    return own.length + (position < 0 ? KEY_ORDER.length : position);
  };
  const entries = Object.entries(spec).sort(([a], [b]) => rank(a) - rank(b));
  return Object.fromEntries(
    entries.map(([key, value]) => {
      // `items.enum`: the order inside a nested schema
      const nested = first
        .filter((path) => path.startsWith(`${key}.`))
        .map((path) => path.slice(key.length + 1));
      const isSchema =
        nested.length > 0 && value !== null && typeof value === 'object' && !Array.isArray(value);
      return [key, isSchema ? ordered(value as ArgSpec, nested) : value];
    }),
  ) as ArgSpec;
}

/**
 * Argument specs of an args class: class-validator's schema of each property merged with its `@Arg`, parents'
 * properties first, in declaration order (a redeclared name replaces the parent's).
 */
export function argSpecsOf(argsClass: ArgsClass | undefined): Map<string, ArgSpec> {
  if (!argsClass) return new Map();
  const declared = new Map<string, { spec: ArgSpec; order?: readonly string[] }>();
  const chain: object[] = [];
  for (
    let proto = argsClass.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    chain.unshift(proto);
  }
  for (const proto of chain) {
    const own: Declared[] = Reflect.getOwnMetadata(ARG_SPECS, proto) ?? [];
    for (const [name, spec, options] of own) declared.set(name, { spec, order: options?.order });
  }
  const validated = classValidatorSchemas(argsClass, (nestedClass) =>
    Object.fromEntries(argSpecsOf(nestedClass)),
  );
  const classOrder = Reflect.getMetadata(CLASS_KEYWORD_ORDER, argsClass) as readonly string[] | undefined;
  const result = new Map<string, ArgSpec>();
  for (const [name, { spec, order = classOrder }] of declared) {
    const rules = validated.get(name);
    result.set(name, rules ? ordered({ ...rules, ...spec }, order) : order ? ordered(spec, order) : spec);
  }
  for (const [name, rules] of validated) if (!result.has(name)) result.set(name, ordered(rules, classOrder));
  return result;
}
