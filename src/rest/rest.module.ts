import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SiteIndex } from './discovery/site-index';
import { RestHttpAdapter } from './http/rest-http.adapter';
import { ResponseCache } from './http/response-cache';
import { RouteRegistry } from './routing/route-registry';
import { RestServer } from './server/rest-server';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [RouteRegistry, RestServer, RestHttpAdapter, SiteIndex, ResponseCache],
  exports: [RouteRegistry, RestServer, RestHttpAdapter],
})
export class RestModule {}
