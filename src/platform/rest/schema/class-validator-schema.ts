// class-transformer's own metadata, where `@Type()` records a nested class
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import type { JsonSchema } from './json-schema';

type ArgsClass = abstract new (...args: any[]) => object;

/**
 * Where class-validator's words differ from WordPress's JSON schema: `@IsUrl()` is WordPress's `uri` format,
 * `@IsISO8601()` its `date-time`, `@IsIP()` its `ip`, `@IsIn()` an enum whose type the type decorator states, `@IsDefined()`
 * presence (read apart as `required`).
 */
const CONVERTERS: ISchemaConverters = {
  isUrl: { type: 'string', format: 'uri' },
  isIso8601: { type: 'string', format: 'date-time' }, // class-validator's name for @IsISO8601()
  isDateString: { type: 'string', format: 'date-time' },
  isIn: (meta: ValidationMetadata) => ({ enum: meta.constraints[0] }),
  isDefined: {},
  isUUID: { type: 'string', format: 'uuid' },
  isIp: { type: 'string', format: 'ip' }, // @IsIP()
  // bounds say nothing of the type (`@IsInt()` does)
  min: (meta: ValidationMetadata) => ({ minimum: meta.constraints[0] }),
  max: (meta: ValidationMetadata) => ({ maximum: meta.constraints[0] }),
  minLength: (meta: ValidationMetadata) => ({ minLength: meta.constraints[0] }),
  maxLength: (meta: ValidationMetadata) => ({ maxLength: meta.constraints[0] }),
  matches: (meta: ValidationMetadata) => ({ pattern: (meta.constraints[0] as RegExp).source }),
  arrayMinSize: (meta: ValidationMetadata) => ({ minItems: meta.constraints[0] }),
  arrayMaxSize: (meta: ValidationMetadata) => ({ maxItems: meta.constraints[0] }),
  arrayUnique: { uniqueItems: true },
};

/** The class a nested property holds (`@ValidateNested() @Type(() => ItemDto)`). */
function nestedClassOf(argsClass: ArgsClass, property: string): ArgsClass | undefined {
  const type = defaultMetadataStorage.findTypeMetadata(argsClass as never, property);
  return type?.typeFunction() as ArgsClass | undefined;
}

/**
 * The JSON schema class-validator's decorators declare for each property of an args class (parents' too).
 * A nested class (`@ValidateNested()` + `@Type()`) becomes an object schema with its own properties, read by
 * `nested` (the platform's merge of both decorators).
 */
export function classValidatorSchemas(
  argsClass: ArgsClass,
  nested: (nestedClass: ArgsClass) => Record<string, JsonSchema>,
): Map<string, JsonSchema & { required?: boolean }> {
  const result = new Map<string, JsonSchema & { required?: boolean }>();
  const storage = getMetadataStorage();
  const metadata = storage.getTargetValidationMetadatas(argsClass as never, '', true, false);
  if (metadata.length === 0) return result;
  const schema = targetConstructorToSchema(argsClass as never, { additionalConverters: CONVERTERS }) as {
    properties?: Record<string, JsonSchema & { not?: unknown }>;
  };
  const present = new Set(
    metadata
      .filter((meta) => meta.name === 'isDefined' || meta.type === ValidationTypes.IS_DEFINED)
      .map((meta) => meta.propertyName),
  );
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const { not: _not, ...rest } = property as JsonSchema & { not?: unknown; $ref?: string };
    const nestedClass = nestedClassOf(argsClass, name);
    const objectOf = (): JsonSchema => ({ type: 'object', properties: nested(nestedClass as ArgsClass) });
    if (nestedClass && '$ref' in rest) {
      delete rest.$ref;
      Object.assign(rest, objectOf());
    } else if (nestedClass && rest.items && '$ref' in rest.items) {
      rest.items = objectOf();
    }
    result.set(name, present.has(name) ? { ...rest, required: true } : rest);
  }
  return result;
}
