export { buildOpenApiDocument, openApiPath } from './openapi-document';
export type { OpenApiDocument, OpenApiInfo, OpenApiSchema } from './openapi-document';
export { buildSiteOpenApiDocument } from './site-document';
export type { SiteOpenApiDocument } from './site-document';
export { OpenApiModule } from './openapi.module';
