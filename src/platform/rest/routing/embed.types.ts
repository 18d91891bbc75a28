import type { Language, RestUser } from '../context/request-context';
import type { RestUrls } from '../server/rest-urls';

/** One embedded link to an endpoint with an embed resolver: the route's captures and the link's query. */
export interface EmbedLink {
  /** Captures of the route pattern, as strings (`{ id: '3' }`). */
  params: Readonly<Record<string, string>>;
  /** The link's query as parsed from its href, without `context` (the link asks for the embed context). */
  query: Readonly<Record<string, unknown>>;
  /** The first item of the response whose `_links` hold the link (as shaped so far: a wire object). */
  from: unknown;
}

/** Who asks and in which language: what the links' GET sub-requests would see. */
export interface EmbedScope {
  user: RestUser | null;
  language: Language;
  urls: RestUrls;
  requestId: string;
}

/**
 * What an embed resolver answers for one link: the body the GET in the embed context answers (shaped by that
 * context), a RestError when that GET is refused or fails, or undefined to leave the link to a sub-request
 * (a query it does not handle).
 */
export type EmbedAnswer = unknown;

/**
 * Answers many `_embed` links to one GET endpoint together, in their order: one permission check, one batched
 * read and one shaping per distinct target instead of a full sub-request per link. Must answer exactly what
 * each link's sub-request would (the fallback for anything else is that sub-request).
 */
export type EmbedResolver = (links: EmbedLink[], scope: EmbedScope) => Promise<EmbedAnswer[]>;
