import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RestUser } from '../../../platform/rest';
import type { CommentEntity } from './comment.entity';

/** What the spam filter is asked about a comment before it is stored (Akismet's comment-check fields). */
export interface SpamCheckCandidate {
  postId: number;
  postLink: string;
  postModifiedGmt: string;
  parentId: number;
  userId: number;
  userRole: string;
  authorName: string;
  authorEmail: string;
  authorUrl: string;
  authorIp: string;
  authorAgent: string;
  referrer: string;
  content: string;
  dateGmt: string;
  type: string;
}

/**
 * The filter's answer: `ham` keeps WordPress's decision, `spam` stores the comment as spam, `discard` refuses
 * it outright (strictness on and the service says so), `hold` (service unreachable, no key, or an error
 * header) holds it for moderation and queues a re-check.
 */
export type SpamVerdict = (
  { kind: 'ham' } | { kind: 'spam' } | { kind: 'discard' } | { kind: 'hold'; reason: string }
) & {
  /** The service's `X-akismet-guid` for this check (its webhook names comments by it). */
  guid?: string;
};

/** A spam filter the comments module consults (registered by the spam-filter module). */
export interface CommentSpamFilter {
  check(candidate: SpamCheckCandidate): Promise<SpamVerdict>;
  /** Inside the transaction that stored the comment: history and, for `hold`, the re-check queue. */
  recordNew(comment: CommentEntity, verdict: SpamVerdict, manager: EntityManager): Promise<void>;
  /** After a status change committed (submit-spam / submit-ham, history). */
  statusChanged(comment: CommentEntity, from: string, to: string, actor: RestUser | null): Promise<void>;
}

/** Where the spam filter plugs in; without one every comment passes as ham. */
@Injectable()
export class CommentSpamFilterRegistry {
  private filter: CommentSpamFilter | null = null;

  register(filter: CommentSpamFilter): void {
    this.filter = filter;
  }

  get current(): CommentSpamFilter | null {
    return this.filter;
  }
}
