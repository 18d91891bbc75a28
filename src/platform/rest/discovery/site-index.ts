import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DateTime } from 'luxon';
import { AppConfig } from '../../config';
import { RestErrors } from '../errors';
import { ResponseCache } from '../http/response-cache';
import { RestResponse } from '../response/rest-response';
import { RestRouteEntry, RouteRegistry } from '../routing/route-registry';
import { ArgSpec } from '../schema';
import type { RestCall } from '../server/rest-call';
import { GLOBAL_ARGS } from '../server/rest-server';
import { routeData } from './route-data';

const CONTEXT_ARG: ArgSpec = { default: 'view' };
const allowEveryone = () => true;

/** WordPress's gmt_offset option derived from the zone: hours, decimals for half hours ("5.5"). */
export function gmtOffsetOf(zone: string, at: DateTime = DateTime.now()): string {
  const offset = at.setZone(zone).offset / 60;
  return String(Math.round(offset * 100) / 100);
}

/** The site's name and description as the index shows them. */
export interface SiteIdentity {
  name: string;
  description: string;
}

/** Gives the site's name and description in a language (string translation registers one). */
export type SiteIdentityTranslator = (language: string, identity: SiteIdentity) => Promise<SiteIdentity>;

/**
 * The discovery routes: `GET /` (site index) and `GET /{namespace}` for each namespace. Both list the routes
 * from the registry, so they show exactly what is served.
 */
@Injectable()
export class SiteIndex implements OnModuleInit {
  private identityTranslator?: SiteIdentityTranslator;
  /** The last_changed groups of what the index shows besides the routes (settings, translated identity). */
  private readonly cacheGroups: string[] = [];

  constructor(
    private readonly registry: RouteRegistry,
    private readonly responseCache: ResponseCache,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.registerServerRoute({
      namespace: '',
      pattern: '/',
      endpoint: {
        methods: ['GET'],
        args: new Map([['context', CONTEXT_ARG]]),
        permission: allowEveryone,
        allowBatch: false,
        showInIndex: true,
        handler: (call: RestCall) => this.siteIndex(call),
      },
    });
    this.registry.setNamespaceIndexFactory((namespace) => ({
      namespace,
      pattern: `/${namespace}`,
      endpoint: {
        methods: ['GET'],
        args: new Map<string, ArgSpec>([
          ['namespace', { default: namespace }],
          ['context', CONTEXT_ARG],
        ]),
        permission: allowEveryone,
        allowBatch: false,
        showInIndex: true,
        handler: (call: RestCall<{ namespace: string }>) => this.namespaceIndex(call),
      },
    }));
  }

  /** Lets the index answer the translated name/description for the request's language. */
  translateIdentityWith(translator: SiteIdentityTranslator): void {
    this.identityTranslator = translator;
  }

  /**
   * What the index shows changes when this last_changed group does (a module feeding it: the settings
   * overlaying the configuration, the identity's translations). Besides these groups only a deploy changes
   * the index, so the response cache keeps it across every other write.
   */
  dependsOn(group: string): void {
    if (!this.cacheGroups.includes(group)) this.cacheGroups.push(group);
    this.responseCache.allowGroup(group);
  }

  private routesOf(call: RestCall<any>, filter: (entry: RestRouteEntry) => boolean): Record<string, unknown> {
    const routes: Record<string, unknown> = {};
    for (const entry of this.registry.routes()) {
      if (!filter(entry)) continue;
      const data = routeData(entry, call.urls, { globalArgs: GLOBAL_ARGS });
      if (data) routes[entry.pattern] = data;
    }
    return routes;
  }

  private async siteIndex(call: RestCall): Promise<RestResponse> {
    const { config } = this;
    const own = { name: config.siteName, description: config.siteDescription };
    const identity = this.identityTranslator ? await this.identityTranslator(call.language, own) : own;
    const response = new RestResponse({
      name: identity.name,
      description: identity.description,
      url: config.siteUrl,
      home: call.urls.site('').replace(/\/$/, '') || config.siteUrl,
      gmt_offset: gmtOffsetOf(config.siteTimezone),
      timezone_string: config.siteTimezone,
      page_for_posts: config.pageForPosts,
      page_on_front: config.pageOnFront,
      show_on_front: config.pageOnFront > 0 ? 'page' : 'posts',
      namespaces: this.registry.namespaces(),
      authentication: [],
      routes: this.routesOf(call, () => true),
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    });
    response.cacheGroups = this.cacheGroups;
    return response;
  }

  private namespaceIndex(call: RestCall<{ namespace: string }>): RestResponse {
    const namespace = call.args.namespace;
    if (!this.registry.namespaces().includes(namespace)) {
      throw RestErrors.noRoute();
    }
    return new RestResponse({
      namespace,
      routes: this.routesOf(call, (entry) => entry.namespace === namespace),
      _links: { up: [{ href: call.urls.root() }] },
    });
  }
}
