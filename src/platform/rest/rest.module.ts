import { Global, Module } from '@nestjs/common';
import { SiteNotFoundHandlers } from './http/transport-errors';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { ClsModule } from 'nestjs-cls';
import { LanguageResolver } from './context/language-resolver';
import { SiteIndex } from './discovery/site-index';
import { MlLanguageInterceptor } from './http/ml-language.interceptor';
import { RestHttpAdapter } from './http/rest-http.adapter';
import { ResponseCache } from './http/response-cache';
import { RouteRegistry } from './routing/route-registry';
import { RestServer } from './server/rest-server';

/** The REST platform (global: every namespace module uses it). */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    // The context holds only what the interceptor sets: no request object, proxy providers or plugins to set up.
    ClsModule.forRoot({
      global: true,
      middleware: { mount: true, saveReq: false, resolveProxyProviders: false, initializePlugins: false },
    }),
  ],
  providers: [
    RouteRegistry,
    RestServer,
    RestHttpAdapter,
    SiteIndex,
    ResponseCache,
    SiteNotFoundHandlers,
    LanguageResolver,
    { provide: APP_INTERCEPTOR, useClass: MlLanguageInterceptor },
  ],
  exports: [RouteRegistry, RestServer, RestHttpAdapter, SiteNotFoundHandlers, LanguageResolver, SiteIndex],
})
export class RestModule {}
