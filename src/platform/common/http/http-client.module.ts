import { Module } from '@nestjs/common';
import { SafeHttpClient } from './safe-http.client';

/** The outgoing HTTP client for URLs that users give; each importing module gets the same instance. */
@Module({ providers: [SafeHttpClient], exports: [SafeHttpClient] })
export class HttpClientModule {}
