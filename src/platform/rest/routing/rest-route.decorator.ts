import 'reflect-metadata';
import { Controller } from '@nestjs/common';
import type { RestCall } from '../server/rest-call';
import type { RestError } from '../errors';
import type { JsonSchema, SchemaContext } from '../schema';
import type { RestUrls } from '../server/rest-urls';
import type { EmbedAnswer, EmbedLink, EmbedScope } from './embed.types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** WordPress's WP_REST_Server method groups. */
export const READABLE: HttpMethod[] = ['GET'];
export const CREATABLE: HttpMethod[] = ['POST'];
export const EDITABLE: HttpMethod[] = ['POST', 'PUT', 'PATCH'];
export const DELETABLE: HttpMethod[] = ['DELETE'];
export const ALLMETHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** True lets the call through; false becomes `rest_forbidden` (401/403); a RestError is returned as is. */
export type PermissionResult = boolean | RestError;
/**
 * A route's permission rule. It receives the controller instance serving the route too, so a rule that needs
 * a service reads the controller's injected one (never a variable outside the class: two applications may
 * run in one process).
 */
export type PermissionCheck = (
  call: RestCall<any>,
  controller: any,
) => PermissionResult | Promise<PermissionResult>;

export interface RestRouteOptions {
  methods: HttpMethod | HttpMethod[];
  /** The args class whose `@Arg` properties declare the endpoint's parameters. */
  args?: abstract new (...args: any[]) => object;
  /** Runs after validation, as WordPress's permission_callback. Required: every route states its rule. */
  permission: PermissionCheck;
  /** May be used inside POST /batch/v1. */
  allowBatch?: boolean;
  /** Leave out of the site index. */
  showInIndex?: boolean;
  /** Item schema shown by OPTIONS (and used for `context` filtering and OpenAPI). */
  schema?: (urls?: RestUrls) => JsonSchema;
  /** WordPress's types, taxonomies and statuses answer an object keyed by slug: the context filter shapes each value. */
  keyedCollection?: boolean;
  /** GET answers TEC's archive envelope, the items under this key (`events`): for the OpenAPI answer schema. */
  envelope?: string;
  /** GET answers a list of items; by default a GET whose path ends in no capture and that takes `per_page`. */
  list?: boolean;
  /** WordPress's settings: a field whose stored value does not fit its schema answers null (OpenAPI). */
  nullableFields?: boolean;
  summary?: string;
  /**
   * GET only: answers many `_embed` links to this endpoint together (one permission check, one batched read
   * and one shaping per distinct target), exactly as each link's sub-request would answer; it gets the
   * controller too, as `permission`. Links it leaves (undefined) and endpoints without it get a sub-request each.
   */
  embed?: (links: EmbedLink[], scope: EmbedScope, controller: any) => Promise<EmbedAnswer[]>;
  /**
   * The `context` a successful answer leaves on the request (WordPress's handlers call
   * `$request->set_param( 'context', ... )` before preparing it): the Allow header's checks see it.
   */
  answerContext?: SchemaContext | ((call: RestCall<any>) => SchemaContext);
}

export interface RestRouteDeclaration extends Omit<RestRouteOptions, 'methods'> {
  /** Route pattern inside the namespace in WordPress's regex form, e.g. `/events/(?P<id>\d+)`. */
  route: string;
  methods: HttpMethod[];
  handlerName: string;
}

const NAMESPACE = Symbol('rest:namespace');
const ROUTES = Symbol('rest:routes');

/** A class whose `@RestRoute` methods serve one REST namespace (e.g. `cal/events/v1`). */
export function RestController(namespace: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(NAMESPACE, namespace, target);
    // Still a Nest controller, so it lives in its module's `controllers` and gets injection.
    Controller()(target);
  };
}

/** Declares one endpoint; the method receives a RestCall with validated args and returns plain data. */
export function RestRoute(route: string, options: RestRouteOptions): MethodDecorator {
  return (target, propertyKey) => {
    const list: RestRouteDeclaration[] = Reflect.getOwnMetadata(ROUTES, target) ?? [];
    const methods = Array.isArray(options.methods) ? options.methods : [options.methods];
    Reflect.defineMetadata(
      ROUTES,
      [...list, { ...options, route, methods, handlerName: String(propertyKey) }],
      target,
    );
  };
}

const OPAQUE_ARG_ERRORS = Symbol('rest:opaque-arg-errors');

/**
 * Every route of this controller reports a failed argument as a WordPress validate_callback answering false
 * does: `Invalid parameter.` with `data.details: []` (The Events Calendar's validators); an argument declaring
 * `opaque: false` keeps its own messages.
 */
export function OpaqueArgErrors(): ClassDecorator {
  return (target) => Reflect.defineMetadata(OPAQUE_ARG_ERRORS, true, target);
}

export function hasOpaqueArgErrors(controllerClass: object): boolean {
  return Reflect.getMetadata(OPAQUE_ARG_ERRORS, controllerClass) === true;
}

export function restNamespaceOf(controllerClass: object): string | undefined {
  return Reflect.getMetadata(NAMESPACE, controllerClass);
}

export function restRoutesOf(controllerClass: { prototype: object }): RestRouteDeclaration[] {
  return Reflect.getOwnMetadata(ROUTES, controllerClass.prototype) ?? [];
}
