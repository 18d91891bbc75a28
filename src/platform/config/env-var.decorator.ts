import 'reflect-metadata';

export interface EnvVarDescription {
  /** Name of the environment variable. */
  name: string;
  description: string;
  /** Default as written in the README; undefined when the variable is optional with no default. */
  defaultText?: string;
  /** A credential: may be given as a file (`NAME_FILE`), and its value is never printed. */
  secret?: boolean;
}

const ENV_VARS = Symbol('env-vars');

/** Marks a config property as read from an environment variable; feeds validation messages and the README table. */
export function EnvVar(description: EnvVarDescription): PropertyDecorator {
  return (target, propertyKey) => {
    const list: Array<EnvVarDescription & { property: string }> = Reflect.getMetadata(ENV_VARS, target) ?? [];
    Reflect.defineMetadata(ENV_VARS, [...list, { ...description, property: String(propertyKey) }], target);
  };
}

export function envVarsOf(target: object): Array<EnvVarDescription & { property: string }> {
  return Reflect.getMetadata(ENV_VARS, target) ?? [];
}
