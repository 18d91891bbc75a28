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
export function Arg(spec: ArgSpec = {}): PropertyDecorator {
  return (target, propertyKey) => {
    const own: Array<[string, ArgSpec]> = Reflect.getOwnMetadata(ARG_SPECS, target) ?? [];
    Reflect.defineMetadata(ARG_SPECS, [...own, [String(propertyKey), spec]], target);
  };
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

function ordered({ keywordOrder = [], ...spec }: ArgSpec): ArgSpec {
  const rank = (key: string) => {
    const declared = keywordOrder.indexOf(key);
    if (declared >= 0) return declared;
    const position = KEY_ORDER.indexOf(key);
    return keywordOrder.length + (position < 0 ? KEY_ORDER.length : position);
  };
  return Object.fromEntries(Object.entries(spec).sort(([a], [b]) => rank(a) - rank(b))) as ArgSpec;
}

/**
 * Argument specs of an args class: class-validator's schema of each property merged with its `@Arg`, parents'
 * properties first, in declaration order (a redeclared name replaces the parent's).
 */
export function argSpecsOf(argsClass: ArgsClass | undefined): Map<string, ArgSpec> {
  if (!argsClass) return new Map();
  const declared = new Map<string, ArgSpec>();
  const chain: object[] = [];
  for (
    let proto = argsClass.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    chain.unshift(proto);
  }
  for (const proto of chain) {
    const own: Array<[string, ArgSpec]> = Reflect.getOwnMetadata(ARG_SPECS, proto) ?? [];
    for (const [name, spec] of own) declared.set(name, spec);
  }
  const validated = classValidatorSchemas(argsClass, (nestedClass) =>
    Object.fromEntries(argSpecsOf(nestedClass)),
  );
  const result = new Map<string, ArgSpec>();
  for (const [name, spec] of declared) {
    const rules = validated.get(name);
    result.set(name, rules || spec.keywordOrder ? ordered({ ...rules, ...spec }) : spec);
  }
  for (const [name, rules] of validated) if (!result.has(name)) result.set(name, ordered(rules));
  return result;
}
