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
  requestId: string;
  /** The client's address as Express sees it (honours `trust proxy`); absent for internal requests. */
  clientIp?: string;
  /** True for requests made by the server itself (embedding, batch): no envelope, no embedding. */
  internal?: boolean;
  /** Resolving an `_embed` link: only the body is used, so no Allow header is worked out. */
  embedded?: boolean;
}
