export { SafeHttpClient } from './safe-http.client';
export type { HttpResult } from './safe-http.client';
export { HttpClientModule } from './http-client.module';
export { fixedHeaders } from './fixed-headers';
