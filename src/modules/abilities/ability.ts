import type { JsonSchema, RestUser } from '../../platform/rest';

/** What an ability does to the site (WordPress 6.9's annotations). */
export interface AbilityAnnotations {
  readonly: boolean;
  destructive: boolean;
  idempotent: boolean;
}

/** Runs a REST request inside the server as the acting user: abilities use the same routes, rules and services. */
export type InternalRequest = (
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
) => Promise<{ status: number; data: any }>;

/** What a running ability may use. */
export interface AbilityRuntime {
  request: InternalRequest;
  /** The API root in the caller's language. */
  apiRoot: string;
}

export interface AbilityCategory {
  slug: string;
  label: string;
  description: string;
}

/** One ability of the site (WordPress 6.9's Abilities API): a named, schema-described action. */
export interface Ability {
  /** `namespace/ability-name`. */
  name: string;
  label: string;
  description: string;
  category: string;
  inputSchema?: JsonSchema;
  outputSchema: JsonSchema;
  annotations: AbilityAnnotations;
  canRun(user: RestUser | null): boolean;
  run(input: Record<string, unknown>, runtime: AbilityRuntime): Promise<unknown>;
}
