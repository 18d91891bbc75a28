export { OEmbedModule } from './oembed.module';
export { OEmbedSourceRegistry } from './oembed-sources';
export type { OEmbedItem, OEmbedSource } from './oembed-sources';
export { SitePagesModule } from './site-pages.module';
