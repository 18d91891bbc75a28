export { SafeHttpClient } from './safe-http.client';
export { hostAndPort } from './safe-http.client';
export type { HttpRequestOptions, HttpResult } from './safe-http.client';
export { HttpClientModule } from './http-client.module';
export { fixedHeaders } from './fixed-headers';
export { installFrontDoor } from './front-door';
export type { FrontDoorHandler, FrontDoorRequest, FrontDoorStep } from './front-door';
export { forwardedForWarning, isLocalPeer } from './forwarded-for-warning';
export { requestTargetUrl } from './request-target';
