import 'reflect-metadata';
import type { ArgSpec } from './json-schema';

const ARG_SPECS = Symbol('rest:arg-specs');

type ArgsClass = abstract new (...args: any[]) => object;

/**
 * Declares one route argument on an args DTO: its schema (type, required, default, enum, bounds, format,
 * description) drives validation, coercion, the site index, OPTIONS and the OpenAPI document.
 * The property name is the wire name.
 */
export function Arg(spec: ArgSpec): PropertyDecorator {
  return (target, propertyKey) => {
    const own: Array<[string, ArgSpec]> = Reflect.getOwnMetadata(ARG_SPECS, target) ?? [];
    Reflect.defineMetadata(ARG_SPECS, [...own, [String(propertyKey), spec]], target);
  };
}

/** Argument specs of an args class, parents' first, in declaration order. A redeclared name replaces the parent's. */
export function argSpecsOf(argsClass: ArgsClass | undefined): Map<string, ArgSpec> {
  const result = new Map<string, ArgSpec>();
  if (!argsClass) return result;
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
    for (const [name, spec] of own) result.set(name, spec);
  }
  return result;
}
