import type { Language, RestUser } from '../context/request-context';

/** One file of a multipart upload, held in memory (the body limit bounds its size). */
export interface UploadedFile {
  /** The client's file name. */
  name: string;
  type: string;
  data: Buffer;
}

/** One REST request, from HTTP or from inside the server (batch items, `_embed`). */
export interface RestRequest {
  method: string;
  /** Route path from the REST root, e.g. `/cal/events/v1/events/12`. */
  path: string;
  query: Record<string, unknown>;
  /** Parsed JSON body (only when the Content-Type is JSON). */
  jsonBody?: Record<string, unknown>;
  /** Parsed form body (urlencoded). */
  formBody?: Record<string, unknown>;
  /** Uploaded files of a multipart/form-data body, by field name (WordPress's `$request->get_file_params()`). */
  files?: Record<string, UploadedFile>;
  /** The body as received (WordPress's `$request->get_body()`), e.g. a raw file upload. */
  body?: Buffer;
  /** Set when a JSON body could not be parsed; reported as rest_invalid_json after route matching. */
  jsonError?: string;
  /** PHP's json_last_error() for it (4 when unset). */
  jsonErrorCode?: number;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  user: RestUser | null;
  /** Language chosen by a URL prefix such as `/no/wp-json/`; `ml_language` overrides it. */
  prefixLanguage?: Language;
  /**
   * The language already decided for this request by whoever read it (the HTTP adapter, which needs it for the
   * request context before dispatch); absent for internal requests, whose language the dispatcher decides.
   */
  language?: Language;
  requestId: string;
  /** The client's address as Express sees it (honours `trust proxy`); absent for internal requests. */
  clientIp?: string;
  /** True for requests made by the server itself (embedding, batch): no envelope, no embedding. */
  internal?: boolean;
  /** Resolving an `_embed` link: only the body is used, so no Allow header is worked out. */
  embedded?: boolean;
}

/** Methods whose form body counts as parameters (WordPress reads `$_POST` only for them). */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `ml_language` a request asks for, from its parameters in WordPress's order (JSON body, form body, query). */
export function requestedLanguageOf(request: RestRequest): unknown {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const sources = [request.jsonBody, BODY_METHODS.has(method) ? request.formBody : undefined, request.query];
  return sources.map((source) => source?.ml_language).find((value) => value !== undefined);
}
