import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { EntityManager } from 'typeorm';
import { CommentEntity, CommentSpamFilter, SpamCheckCandidate, SpamVerdict } from '../core/comments';
import { AppConfig } from '../../platform/config';
import { formatWpDate } from '../../platform/common/dates';
import { nowUtc } from '../../platform/database';
import { RestUser } from '../../platform/rest';
import { SpamFilterClient } from './spam-filter.client';
import { SpamQueueKind } from './spam-filter.entities';
import { SpamFilterRepository } from './spam-filter.repository';
import { SpamFilterService } from './spam-filter.service';

const MAX_DELAY_SECONDS = 6 * 3600;

/** When the next attempt of a call that failed `failures` times is due (doubling, at most 6 hours). */
export function retryDelaySeconds(baseSeconds: number, failures: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, failures - 1), MAX_DELAY_SECONDS);
}

function isoGmt(mysql: string): string {
  return mysql ? `${mysql.replace(' ', 'T')}Z` : '';
}

/**
 * The spam filter as the comments module sees it (Akismet's comment-check on new comments, submit-spam and
 * submit-ham on moderation). A comment the service cannot judge (no key, unreachable, timeout, an error
 * header, an unexpected answer) is held for moderation and queued; {@link SpamRecheckJob} asks again later.
 */
@Injectable()
export class SpamCheckService implements CommentSpamFilter {
  constructor(
    private readonly filter: SpamFilterService,
    private readonly repository: SpamFilterRepository,
    private readonly client: SpamFilterClient,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Akismet's comment-check parameters. */
  private params(candidate: SpamCheckCandidate, key: string): Record<string, string> {
    return {
      api_key: key,
      blog: this.config.siteUrl,
      blog_lang: 'en',
      blog_charset: 'UTF-8',
      user_ip: candidate.authorIp,
      user_agent: candidate.authorAgent,
      referrer: candidate.referrer,
      permalink: candidate.postLink,
      comment_type: candidate.type || 'comment',
      comment_author: candidate.authorName,
      comment_author_email: candidate.authorEmail,
      comment_author_url: candidate.authorUrl,
      comment_content: candidate.content,
      comment_date_gmt: isoGmt(candidate.dateGmt),
      comment_post_modified_gmt: isoGmt(candidate.postModifiedGmt),
      comment_parent: String(candidate.parentId),
      user_id: String(candidate.userId),
      user_role: candidate.userRole,
    };
  }

  /** One comment-check, without side effects on comments: the verdict and whether the service said discard. */
  async ask(candidate: SpamCheckCandidate): Promise<SpamVerdict> {
    const key = await this.filter.apiKey();
    if (!key) return { kind: 'hold', reason: 'no API key' };
    const answer = await this.client.call('comment-check', this.params(candidate, key));
    if (!answer.ok) return { kind: 'hold', reason: answer.error };
    await this.filter.updateAlert(answer.headers);
    const guid = (answer.headers['x-akismet-guid'] ?? '').slice(0, 64);
    if (answer.headers['x-akismet-error']) {
      return { kind: 'hold', reason: `service error: ${answer.headers['x-akismet-error']}`, guid };
    }
    if (answer.body === 'true') {
      const discard =
        answer.headers['x-akismet-pro-tip'] === 'discard' && (await this.filter.settings()).strictness;
      return discard ? { kind: 'discard', guid } : { kind: 'spam', guid };
    }
    if (answer.body === 'false') return { kind: 'ham', guid };
    return { kind: 'hold', reason: `unexpected answer: ${answer.body.slice(0, 100)}`, guid };
  }

  async check(candidate: SpamCheckCandidate): Promise<SpamVerdict> {
    const verdict = await this.ask(candidate);
    if (verdict.kind === 'discard') {
      await this.repository.addEvent({
        commentId: 0,
        event: 'discarded',
        detail: candidate.authorEmail.slice(0, 255),
        createdGmt: nowUtc(),
      });
    }
    return verdict;
  }

  async recordNew(comment: CommentEntity, verdict: SpamVerdict, manager: EntityManager): Promise<void> {
    const createdGmt = nowUtc();
    if (verdict.kind === 'hold') {
      await this.repository.addEvent(
        {
          commentId: comment.id,
          event: 'check-error',
          detail: verdict.reason,
          guid: verdict.guid,
          createdGmt,
        },
        manager,
      );
      await this.repository.enqueue(comment.id, 'comment-check', this.due(1), verdict.reason, manager);
      return;
    }
    const event = verdict.kind === 'ham' ? 'check-ham' : 'check-spam';
    await this.repository.addEvent({ commentId: comment.id, event, guid: verdict.guid, createdGmt }, manager);
  }

  async statusChanged(
    comment: CommentEntity,
    from: string,
    to: string,
    actor: RestUser | null,
  ): Promise<void> {
    await this.repository.addEvent({
      commentId: comment.id,
      event: 'status-changed',
      detail: `${from} -> ${to}`,
      userId: actor?.id ?? 0,
      createdGmt: nowUtc(),
    });
    if (from === '0' && to !== '0') await this.repository.dequeue(comment.id, 'comment-check');
    if (to === 'spam' && from !== 'spam') await this.report(comment, 'submit-spam', actor?.id ?? 0);
    else if (from === 'spam' && (to === '1' || to === '0'))
      await this.report(comment, 'submit-ham', actor?.id ?? 0);
  }

  /** submit-spam / submit-ham; a call that fails is queued, never lost. */
  async report(comment: CommentEntity, kind: 'submit-spam' | 'submit-ham', userId: number): Promise<void> {
    const last = await this.repository.lastVerdict(comment.id);
    const createdGmt = nowUtc();
    if (kind === 'submit-spam' && last === 'ham')
      await this.repository.addEvent({ commentId: comment.id, event: 'missed-spam', userId, createdGmt });
    if (kind === 'submit-ham' && last === 'spam')
      await this.repository.addEvent({ commentId: comment.id, event: 'false-positive', userId, createdGmt });
    const result = await this.send(comment, kind);
    if (result === true) {
      await this.repository.addEvent({
        commentId: comment.id,
        event: kind === 'submit-spam' ? 'report-spam' : 'report-ham',
        userId,
        createdGmt,
      });
    } else {
      await this.repository.addEvent({
        commentId: comment.id,
        event: 'report-error',
        detail: `${kind}: ${result}`,
        userId,
        createdGmt,
      });
      await this.repository.enqueue(comment.id, kind, this.due(1), result);
    }
  }

  /** Sends one report; true, or the reason it failed. */
  async send(
    comment: CommentEntity,
    kind: SpamQueueKind,
    candidate?: SpamCheckCandidate,
  ): Promise<true | string> {
    const key = await this.filter.apiKey();
    if (!key) return 'no API key';
    const answer = await this.client.call(kind, this.params(candidate ?? this.candidateOf(comment), key));
    if (!answer.ok) return answer.error;
    await this.filter.updateAlert(answer.headers);
    return true;
  }

  /** The fields of a stored comment (reports do not need the post's link). */
  private candidateOf(comment: CommentEntity): SpamCheckCandidate {
    return {
      postId: comment.postId,
      postLink: '',
      postModifiedGmt: '',
      parentId: comment.parentId,
      userId: comment.userId,
      userRole: '',
      authorName: comment.authorName,
      authorEmail: comment.authorEmail,
      authorUrl: comment.authorUrl,
      authorIp: comment.authorIp,
      authorAgent: comment.authorAgent,
      referrer: '',
      content: comment.content,
      dateGmt: comment.dateGmt,
      type: comment.type,
    };
  }

  /** The due time of the next attempt after `failures` failures. */
  due(failures: number): string {
    const seconds = retryDelaySeconds(this.config.spamFilterRetrySeconds, failures);
    return formatWpDate(DateTime.utc().plus({ seconds }));
  }
}
