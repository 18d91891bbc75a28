import { Module } from '@nestjs/common';
import { OEmbedModule } from './oembed.module';
import { SitePagesController } from './site-pages.controller';

/**
 * The HTML pages of embeddable content (a catch-all GET route). Import it LAST in AppModule: Nest registers
 * routes in module order, and although unknown paths are passed on, earlier routes should win outright.
 */
@Module({ imports: [OEmbedModule], controllers: [SitePagesController] })
export class SitePagesModule {}
