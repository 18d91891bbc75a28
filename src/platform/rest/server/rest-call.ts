import type { Language, RestUser } from '../context/request-context';
import type { UploadedFile } from './rest-request';
import type { RestUrls } from './rest-urls';

/** What a route handler receives: validated args plus who is calling and how to build links. */
export interface RestCall<A = Record<string, unknown>> {
  /** Validated and coerced arguments (defaults applied), typed by the route's args class. */
  readonly args: A;
  readonly user: RestUser | null;
  readonly language: Language;
  readonly method: string;
  /** The matched route pattern, e.g. `/cal/events/v1/events/(?P<id>\d+)`. */
  readonly route: string;
  /** The request path, e.g. `/cal/events/v1/events/12`. */
  readonly path: string;
  /** The raw query string parameters (used to build pagination links). */
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string | undefined>;
  readonly urls: RestUrls;
  readonly requestId: string;
  /**
   * Every parameter the client sent, declared or not, merged by precedence (WordPress's `get_params()`), for
   * routes that declare no arguments and read the body as a whole.
   */
  params(): Record<string, unknown>;
  /** Uploaded files of a multipart body by field name (WordPress's `get_file_params()`). */
  readonly files: Record<string, UploadedFile>;
  /** The body as received (WordPress's `get_body()`): a raw upload's bytes; absent inside batches. */
  readonly body?: Buffer;
  /** The client's IP address ('' when unknown, e.g. inside a batch). */
  readonly clientIp?: string;
  /** Whether the client sent this parameter (in any source), as opposed to it taking its default. */
  has(name: string): boolean;
  /** WordPress's get_param: a parameter as sent (JSON body, form body, query, URL captures), declared or not. */
  param(name: string): unknown;
  /**
   * A provider of the application serving this call (for `@Arg` validators, which are declared statically
   * on DTO classes and so cannot use constructor injection).
   */
  resolve<T>(type: abstract new (...args: any[]) => T): T;
  /** The user id, or 0 for anonymous callers (WordPress's get_current_user_id). */
  readonly userId: number;
}
