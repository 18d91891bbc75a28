import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OEmbedCacheEntity } from './oembed-cache.entity';
import { OEmbedCacheRepository } from './oembed-cache.repository';
import { OEmbedHttpClient } from './oembed-http.client';
import { OEmbedProxyService } from './oembed-proxy.service';
import { OEmbedSourceRegistry } from './oembed-sources';
import { OEmbedController } from './oembed.controller';
import { OEmbedService } from './oembed.service';

/**
 * `oembed/1.0` (provider and proxy) and the registry content modules add their embeddable content to
 * (they import this module for {@link OEmbedSourceRegistry}).
 */
@Module({
  imports: [TypeOrmModule.forFeature([OEmbedCacheEntity])],
  controllers: [OEmbedController],
  providers: [
    OEmbedSourceRegistry,
    OEmbedService,
    OEmbedProxyService,
    OEmbedCacheRepository,
    OEmbedHttpClient,
  ],
  exports: [OEmbedSourceRegistry, OEmbedService],
})
export class OEmbedModule {}
