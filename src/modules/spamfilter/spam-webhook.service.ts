import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommentsService } from '../core/comments';
import { nowUtc } from '../../platform/database';
import { SpamFilterErrors } from './spam-filter.errors';
import { SpamEventName } from './spam-filter.entities';
import { SpamFilterRepository } from './spam-filter.repository';

type WebhookResult = { status: 'success' } | { status: 'error'; message: string };

/** One comment of a webhook call: the check's guid, the verdict, and fields that narrow the search. */
interface WebhookComment {
  guid?: unknown;
  result?: unknown;
  comment_post_ID?: unknown;
  comment_parent?: unknown;
  comment_author_email?: unknown;
}

const intOrUndefined = (value: unknown) =>
  value === undefined || value === null || value === '' || !Number.isFinite(Number(value))
    ? undefined
    : Number(value);

/**
 * Akismet's webhook (`POST /webhook`): the service tells the site its later verdict on comments it checked,
 * naming them by the check's guid. The site follows it only where nobody changed the comment since the filter
 * did (Akismet's last_comment_status_change_came_from_akismet).
 */
@Injectable()
export class SpamWebhookService {
  constructor(
    private readonly repository: SpamFilterRepository,
    private readonly comments: CommentsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async receive(endpoint: unknown, list: unknown): Promise<{ comments: Record<string, WebhookResult> | [] }> {
    const results: Record<string, WebhookResult> = {};
    if (endpoint === 'comment-check') {
      if (!Array.isArray(list)) {
        throw SpamFilterErrors.malformedRequest();
      }
      for (const item of list as WebhookComment[]) {
        if (!item || typeof item !== 'object' || typeof item.guid !== 'string' || item.guid === '') continue;
        results[item.guid] = await this.apply(item.guid, item);
      }
    }
    // PHP's empty array is `[]` on the wire.
    return { comments: Object.keys(results).length ? results : [] };
  }

  private async apply(guid: string, item: WebhookComment): Promise<WebhookResult> {
    const ids = await this.repository.commentIdsByGuid(guid, {
      postId: intOrUndefined(item.comment_post_ID),
      parentId: intOrUndefined(item.comment_parent),
      authorEmail: typeof item.comment_author_email === 'string' ? item.comment_author_email : undefined,
    });
    if (ids.length === 0) return { status: 'error', message: 'Could not find matching comment.' };
    if (ids.length > 1) return { status: 'error', message: 'Multiple comments matched request.' };
    const comment = await this.comments.findById(ids[0]);
    if (!comment) return { status: 'error', message: 'Could not find matching comment.' };
    const spam = item.result === 'true' || item.result === true;
    const ham = item.result === 'false' || item.result === false;
    const byFilter = await this.repository.lastChangeByFilter(comment.id);
    await this.dataSource.transaction(async (manager) => {
      let event: SpamEventName | null = null;
      if (spam && comment.status !== 'spam') {
        if (byFilter) await this.comments.applyFilterDecision(comment, 'spam', manager);
        event = byFilter ? 'webhook-spam' : 'webhook-spam-noaction';
      } else if (ham && (comment.status === 'spam' || comment.status === '0')) {
        if (byFilter) {
          await this.comments.applyFilterDecision(
            comment,
            comment.status === 'spam' ? 'unspam' : 'approve',
            manager,
          );
        }
        event = byFilter ? 'webhook-ham' : 'webhook-ham-noaction';
      }
      if (event)
        await this.repository.addEvent({ commentId: comment.id, event, guid, createdGmt: nowUtc() }, manager);
    });
    return { status: 'success' };
  }
}
