import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { NAMESPACE_ORDER } from '../namespaces';
import { ArgSpec, argSpecsOf, JsonSchema } from '../schema';
import type { RestUrls } from '../server/rest-urls';
import type { RestCall } from '../server/rest-call';
import type { EmbedResolver } from './embed.types';
import { compileRoutePattern } from './route-pattern';
import {
  hasOpaqueArgErrors,
  HttpMethod,
  PermissionCheck,
  PermissionResult,
  restNamespaceOf,
  RestRouteDeclaration,
  RestRouteOptions,
  restRoutesOf,
} from './rest-route.decorator';

export interface RestEndpoint {
  methods: HttpMethod[];
  args: Map<string, ArgSpec>;
  /** The route's rule, bound to the controller serving it. */
  permission: (call: RestCall<any>) => PermissionResult | Promise<PermissionResult>;
  /** The rule as declared (e.g. `Permissions.public`), for the route policy test. */
  rule?: PermissionCheck;
  allowBatch: boolean;
  showInIndex: boolean;
  /** The item schema; `urls` give absolute hrefs (e.g. for `links`). */
  schema?: (urls?: RestUrls) => JsonSchema;
  /** The collection is an object keyed by slug; the context filter shapes each value. */
  keyedCollection?: boolean;
  envelope?: string;
  list?: boolean;
  nullableFields?: boolean;
  summary?: string;
  handler: (call: any) => unknown;
  /** Answers many `_embed` links to this GET endpoint together (see RestRouteOptions.embed). */
  embed?: EmbedResolver;
  /** The context a successful answer leaves on the request (see RestRouteOptions.answerContext). */
  answerContext?: RestRouteOptions['answerContext'];
}

export interface RestRouteEntry {
  namespace: string;
  /** Full pattern from the REST root, e.g. `/cal/events/v1/events/(?P<id>\d+)`. */
  pattern: string;
  regex: RegExp;
  endpoints: RestEndpoint[];
}

/** Built-in endpoints (site index, namespace index) register here; namespace modules use decorators. */
export interface ServerRouteDefinition {
  namespace: string;
  pattern: string;
  endpoint: Omit<RestEndpoint, 'args'> & { args: Map<string, ArgSpec> };
}

/** Routes by the lower-cased literal first segment of their pattern (see {@link RouteRegistry.match}). */
interface SegmentIndex {
  lists: Map<string, RestRouteEntry[]>;
  /** The routes whose first segment is not plain text (they may match any path), for any other path. */
  unindexed: RestRouteEntry[];
}

/** `core` for `/core/v2/posts`, `` for `/`; null when the first segment is not plain text. */
function firstSegment(path: string): string | null {
  const match = /^\/([A-Za-z0-9_-]*)(?:\/|$)/.exec(path);
  return match ? match[1].toLowerCase() : null;
}

function indexBySegment(routes: RestRouteEntry[]): SegmentIndex {
  const literal = routes.map((entry) => firstSegment(entry.pattern));
  const lists = new Map<string, RestRouteEntry[]>();
  for (const segment of literal) if (segment !== null) lists.set(segment, []);
  const unindexed: RestRouteEntry[] = [];
  routes.forEach((entry, index) => {
    const segment = literal[index];
    if (segment !== null) {
      lists.get(segment)?.push(entry);
      return;
    }
    unindexed.push(entry);
    for (const list of lists.values()) list.push(entry);
  });
  return { lists, unindexed };
}

/**
 * All REST routes, discovered once from the `@RestController` classes, in registration order: namespace
 * index first, then the namespace's routes, as WordPress registers them.
 */
@Injectable()
export class RouteRegistry {
  private entries: RestRouteEntry[] | null = null;
  private bySegment: SegmentIndex | null = null;
  private readonly serverRoutes: ServerRouteDefinition[] = [];
  private namespaceIndexFactory?: (namespace: string) => ServerRouteDefinition;

  constructor(private readonly discovery: DiscoveryService) {}

  /** The REST server's own routes (`/`, `/batch/v1`) and the factory for namespace index routes. */
  registerServerRoute(definition: ServerRouteDefinition): void {
    this.serverRoutes.push(definition);
    this.entries = null;
  }

  setNamespaceIndexFactory(factory: (namespace: string) => ServerRouteDefinition): void {
    this.namespaceIndexFactory = factory;
    this.entries = null;
  }

  routes(): RestRouteEntry[] {
    if (!this.entries) {
      this.entries = this.build();
      this.bySegment = null;
    }
    return this.entries;
  }

  namespaces(): string[] {
    return [
      ...new Set(
        this.routes()
          .map((r) => r.namespace)
          .filter((ns) => ns !== ''),
      ),
    ];
  }

  /** The first route whose pattern matches the path, as WordPress picks it. */
  match(path: string): { entry: RestRouteEntry; params: Record<string, string> } | null {
    for (const entry of this.candidates(path)) {
      const result = entry.regex.exec(path);
      if (result) return { entry, params: { ...(result.groups ?? {}) } };
    }
    return null;
  }

  /**
   * The routes that can match a path, in registration order: those whose pattern starts with the path's first
   * segment as literal text (`/core/v2/...` for `/core/...`), plus those whose first segment is not literal.
   * Patterns are anchored and case-insensitive, so no other route can match; first-match order is unchanged.
   */
  private candidates(path: string): RestRouteEntry[] {
    const routes = this.routes();
    if (!this.bySegment) this.bySegment = indexBySegment(routes);
    const segment = firstSegment(path);
    return (segment !== null && this.bySegment.lists.get(segment)) || this.bySegment.unindexed;
  }

  private build(): RestRouteEntry[] {
    const byPattern = new Map<string, RestRouteEntry>();
    const add = (namespace: string, pattern: string, endpoint: RestEndpoint) => {
      let entry = byPattern.get(pattern);
      if (!entry) {
        entry = { namespace, pattern, regex: compileRoutePattern(pattern), endpoints: [] };
        byPattern.set(pattern, entry);
      }
      entry.endpoints.push(endpoint);
    };
    for (const route of this.serverRoutes) add(route.namespace, route.pattern, route.endpoint);

    const controllers = this.discovery
      .getControllers()
      .map(({ metatype, instance }) => ({ metatype, instance, namespace: restNamespaceOf(metatype ?? {}) }))
      .filter((controller) => controller.namespace !== undefined);
    // Namespaces not declared there (a test's probe module) follow the declared ones; a test checks that every
    // namespace of the application is declared.
    const rank = (namespace: string) => {
      const position = (NAMESPACE_ORDER as readonly string[]).indexOf(namespace);
      return position < 0 ? NAMESPACE_ORDER.length : position;
    };
    // Array.prototype.sort is stable: inside a namespace, routes keep their modules' registration order.
    controllers.sort((a, b) => rank(a.namespace as string) - rank(b.namespace as string));
    for (const { metatype, instance, namespace } of controllers) {
      if (!metatype || !instance || !namespace) continue;
      const namespacePattern = `/${namespace}`;
      if (!byPattern.has(namespacePattern) && this.namespaceIndexFactory) {
        const index = this.namespaceIndexFactory(namespace);
        add(index.namespace, index.pattern, index.endpoint);
      }
      const opaque = hasOpaqueArgErrors(metatype);
      for (const declaration of restRoutesOf(metatype as { prototype: object })) {
        add(
          namespace,
          `${namespacePattern}${declaration.route}`,
          this.toEndpoint(declaration, instance, opaque),
        );
      }
    }
    return [...byPattern.values()];
  }

  private toEndpoint(
    declaration: RestRouteDeclaration,
    instance: Record<string, any>,
    opaqueArgErrors: boolean,
  ): RestEndpoint {
    const method = instance[declaration.handlerName];
    if (typeof method !== 'function')
      throw new Error(`REST handler ${declaration.handlerName} is not a method`);
    const args = argSpecsOf(declaration.args);
    if (opaqueArgErrors) {
      for (const [name, spec] of args)
        if (spec.opaque === undefined) args.set(name, { ...spec, opaque: true });
    }
    return {
      methods: declaration.methods,
      args,
      permission: (call) => declaration.permission(call, instance),
      rule: declaration.permission,
      allowBatch: declaration.allowBatch ?? false,
      showInIndex: declaration.showInIndex ?? true,
      schema: declaration.schema,
      keyedCollection: declaration.keyedCollection,
      envelope: declaration.envelope,
      list: declaration.list,
      nullableFields: declaration.nullableFields,
      summary: declaration.summary,
      handler: (call) => method.call(instance, call),
      embed: declaration.embed && ((links, scope) => declaration.embed!(links, scope, instance)),
      answerContext: declaration.answerContext,
    };
  }
}
