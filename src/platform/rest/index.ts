export { currentLanguage, currentRequest, DEFAULT_LANGUAGE, LANGUAGES } from './context/request-context';
export type { Language, RestUser } from './context/request-context';
export { RestError, RestErrors, authorizationStatus, forbidden } from './errors';
export { SiteIndex } from './discovery/site-index';
export type { SiteIdentity, SiteIdentityTranslator } from './discovery/site-index';
export { REST_AUTHENTICATOR } from './http/rest-authenticator';
export { RestHttpAdapter } from './http/rest-http.adapter';
export {
  installClientErrorHandler,
  NO_CACHE_HEADERS,
  sendInternalError,
  sendSitePage,
  SiteErrorPageFilter,
  SiteNotFoundHandlers,
} from './http/transport-errors';
export type { SiteNotFoundHandler } from './http/transport-errors';
export type { RestAuthenticator } from './http/rest-authenticator';
export { Permissions } from './permissions';
export * from './response';
export { RestModule } from './rest.module';
export {
  ALLMETHODS,
  CREATABLE,
  DELETABLE,
  EDITABLE,
  OpaqueArgErrors,
  READABLE,
  RestController,
  RestRoute,
} from './routing/rest-route.decorator';
export type { HttpMethod, PermissionCheck, RestRouteOptions } from './routing/rest-route.decorator';
export { RouteRegistry } from './routing/route-registry';
export type { RestEndpoint, RestRouteEntry } from './routing/route-registry';
export * from './schema';
export type { RestCall } from './server/rest-call';
export { embedDefaults, embeddedCapture, embeddedId } from './server/embedder';
export type { EmbedAnswer, EmbedLink, EmbedResolver, EmbedScope } from './routing/embed.types';
export type { RestRequest, UploadedFile } from './server/rest-request';
export { RestServer, GLOBAL_ARGS } from './server/rest-server';
export { RestUrls } from './server/rest-urls';
export { NAMESPACE_ORDER, NS } from './namespaces';
export type { RestNamespace } from './namespaces';
export { buildOpenApiDocument, buildSiteOpenApiDocument, OpenApiModule } from './openapi';
export type { OpenApiDocument, OpenApiInfo, SiteOpenApiDocument } from './openapi';
