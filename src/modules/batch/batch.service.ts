import { Injectable } from '@nestjs/common';
import { parse as parseQuery } from 'qs';
import type { Language, RestUser } from '../../platform/rest';
import { RestError, RestRequest, RestServer } from '../../platform/rest';
import { BatchErrors } from './batch.errors';
import { BatchArgs, BatchItem } from './dto/batch-args.dto';

const QUERY_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 5000 };

/** One slot of the reply: the enveloped sub-response (WordPress's envelope_response()->get_data()). */
export interface BatchSlot {
  body: unknown;
  status: number;
  /** PHP's empty array serialises as `[]`, so an empty header set is sent as `[]` too. */
  headers: Record<string, string> | [];
}

type Prepared = { request: RestRequest } | { error: RestError };

/** Who sends the batch: every item runs with this identity, language and request id. */
export interface BatchCaller {
  user: RestUser | null;
  language: Language;
  requestId: string;
  clientIp?: string;
}

/** The outcome of a batch (WordPress's 207 body): the slots, or the failed validation's slots. */
export type BatchResult =
  { failed: 'validation'; responses: Array<BatchSlot | null> } | { responses: BatchSlot[] };

/** What a dispatched item answered (a RestResponse). */
interface ItemAnswer {
  data: unknown;
  status: number;
  headers: Record<string, string>;
}

/** Splits a batch item's path into route path and query; null when it cannot be parsed (wp_parse_url false). */
export function parseItemPath(path: string): { path: string; query: Record<string, unknown> } | null {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(path, 'http://batch.invalid');
    pathname = decodeURI(url.pathname);
  } catch {
    return null;
  }
  return {
    path: pathname.replace(/\/+$/, '') || '/',
    query: parseQuery(url.search.slice(1), QUERY_OPTIONS) as Record<string, unknown>,
  };
}

/** Item headers as the platform holds them: lower-case names, lists joined. */
function itemHeaders(headers: BatchItem['headers']): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return result;
}

function slotOf(response: ItemAnswer): BatchSlot {
  const headers: BatchSlot['headers'] =
    Object.keys(response.headers).length > 0 ? { ...response.headers } : [];
  return { body: response.data, status: response.status, headers };
}

function errorSlot(error: RestError): BatchSlot {
  return slotOf({ data: error.toBody(), status: error.status, headers: {} });
}

/**
 * `POST /batch/v1` (WordPress's serve_batch_request_v1): each item is dispatched through the REST server as
 * an internal request with the caller's identity, so it gets the same validation and permission checks.
 */
@Injectable()
export class BatchService {
  constructor(private readonly server: RestServer) {}

  async run(caller: BatchCaller, input: BatchArgs): Promise<BatchResult> {
    const prepared = input.requests.map((item) => this.prepare(item, caller));

    // Pass 1: parse, match, opt-in and (for require-all-validate) parameter validation of every item.
    const problems: Array<BatchSlot | null> = [];
    for (const item of prepared) {
      if ('error' in item) {
        problems.push(errorSlot(item.error));
        continue;
      }
      const notAllowed = this.batchError(item.request);
      if (notAllowed) {
        problems.push(errorSlot(notAllowed));
        continue;
      }
      const invalid =
        input.validation === 'require-all-validate' ? await this.server.validateOnly(item.request) : null;
      problems.push(invalid ? slotOf(invalid) : null);
    }
    if (input.validation === 'require-all-validate' && problems.some((slot) => slot !== null)) {
      return { failed: 'validation', responses: problems };
    }

    // Pass 2: run the items in order; later items see earlier items' writes.
    const responses: BatchSlot[] = [];
    for (const [index, item] of prepared.entries()) {
      const problem = problems[index];
      if ('error' in item) {
        responses.push(problem as BatchSlot);
        continue;
      }
      const notAllowed = problem && this.batchError(item.request);
      if (notAllowed) {
        // Refused unrun, it still gets its route's Allow header (WordPress's rest_post_dispatch runs on it).
        responses.push(slotOf(await this.server.refuse(item.request, notAllowed)));
        continue;
      }
      responses.push(problem ?? slotOf(await this.server.dispatch(item.request)));
    }
    return { responses };
  }

  private prepare(item: BatchItem, caller: BatchCaller): Prepared {
    const target = parseItemPath(item.path);
    if (!target) return { error: BatchErrors.parsePathFailed() };
    const body = item.body && typeof item.body === 'object' ? item.body : undefined;
    return {
      request: {
        method: item.method ?? 'POST',
        path: target.path,
        query: target.query,
        formBody: body && Object.keys(body).length > 0 ? body : undefined,
        headers: itemHeaders(item.headers),
        user: caller.user,
        prefixLanguage: caller.language,
        requestId: caller.requestId,
        clientIp: caller.clientIp,
        internal: true,
      },
    };
  }

  /**
   * rest_batch_not_allowed when the matched endpoint has not opted in. An unknown route or method is left to
   * the server, which answers rest_no_route in the item's slot.
   */
  private batchError(request: RestRequest): RestError | null {
    const endpoint = this.server.endpointFor(request.method, request.path);
    if (!endpoint) return null;
    return endpoint.allowBatch ? null : BatchErrors.notAllowed();
  }
}
