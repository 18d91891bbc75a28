import { Module } from '@nestjs/common';
import { HttpClientModule } from '../../platform/common/http';
import { OEmbedProxyService } from './oembed-proxy.service';
import { OEmbedSourceRegistry } from './oembed-sources';
import { OEmbedController } from './oembed.controller';
import { OEmbedService } from './oembed.service';

/**
 * `oembed/1.0` (provider and proxy) and the registry content modules add their embeddable content to
 * (they import this module for {@link OEmbedSourceRegistry}).
 */
@Module({
  imports: [HttpClientModule],
  controllers: [OEmbedController],
  providers: [OEmbedSourceRegistry, OEmbedService, OEmbedProxyService],
  exports: [OEmbedSourceRegistry, OEmbedService],
})
export class OEmbedModule {}
