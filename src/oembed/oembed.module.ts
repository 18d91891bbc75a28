import { Global, Module } from '@nestjs/common';
import { HttpClientModule } from '../common/http';
import { OEmbedProxyService } from './oembed-proxy.service';
import { OEmbedSourceRegistry } from './oembed-sources';
import { OEmbedController } from './oembed.controller';
import { OEmbedService } from './oembed.service';

/**
 * `oembed/1.0` (provider and proxy) and the registry content modules add their embeddable content to
 * (they import this module for {@link OEmbedSourceRegistry}). Still global as a bridge for the modules added
 * alongside the platform change.
 */
@Global()
@Module({
  imports: [HttpClientModule],
  controllers: [OEmbedController],
  providers: [OEmbedSourceRegistry, OEmbedService, OEmbedProxyService],
  exports: [OEmbedSourceRegistry, OEmbedService],
})
export class OEmbedModule {}
