import type { ArgSpec, JsonSchema } from '../schema';
import { INDEX_SCHEMA_KEYWORDS } from '../schema';
import type { RestRouteEntry } from '../routing/route-registry';
import { isStaticRoute } from '../routing/route-pattern';
import type { RestUrls } from '../server/rest-urls';

const KEPT = new Set<string>(INDEX_SCHEMA_KEYWORDS);

/** An argument as the index shows it: schema keywords only, in declaration order, `required` last. */
export function argForIndex(spec: ArgSpec): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (KEPT.has(key) && value !== undefined) shown[key] = value;
  }
  shown.required = spec.required === true;
  return shown;
}

export interface RouteDataOptions {
  /** Adds the item schema (OPTIONS uses WordPress's "help" context). */
  withSchema?: boolean;
  globalArgs: Map<string, ArgSpec>;
}

/** One entry of `routes` in the site index (WordPress's get_data_for_route). Null when nothing is shown. */
export function routeData(
  entry: RestRouteEntry,
  urls: RestUrls,
  options: RouteDataOptions,
): Record<string, unknown> | null {
  const endpoints = entry.endpoints.filter((endpoint) => endpoint.showInIndex);
  if (endpoints.length === 0) return null;
  const methods = [...new Set(endpoints.flatMap((endpoint) => endpoint.methods))];
  const data: Record<string, unknown> = {
    namespace: entry.namespace,
    methods,
    endpoints: endpoints.map((endpoint) => {
      const args: Record<string, unknown> = {};
      for (const [name, spec] of endpoint.args) args[name] = argForIndex(spec);
      for (const [name, spec] of options.globalArgs) if (!(name in args)) args[name] = argForIndex(spec);
      return {
        methods: endpoint.methods,
        ...(endpoint.allowBatch ? { allow_batch: { v1: true } } : {}),
        args,
      };
    }),
  };
  if (options.withSchema) {
    const withSchema = endpoints.find((endpoint) => endpoint.schema);
    if (withSchema?.schema) data.schema = withSchema.schema(urls) as JsonSchema;
  }
  if (isStaticRoute(entry.pattern)) data._links = { self: [{ href: urls.route(entry.pattern) }] };
  return data;
}
