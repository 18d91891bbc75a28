import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, LessThanOrEqual } from 'typeorm';
import { claimDueRows } from '../../platform/database';
import {
  SpamEventName,
  SpamFilterEventEntity,
  SpamFilterQueueEntity,
  SpamFilterStateEntity,
  SpamQueueKind,
} from './spam-filter.entities';

/** Every query of the spam filter's tables. */
@Injectable()
export class SpamFilterRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private manager(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async state(): Promise<SpamFilterStateEntity> {
    const repo = this.dataSource.getRepository(SpamFilterStateEntity);
    const row = await repo.findOneBy({ id: 1 });
    if (row) return row;
    // The migration writes the row; recreate it if someone removed it by hand.
    await repo.insert({ id: 1 });
    return (await repo.findOneBy({ id: 1 }))!;
  }

  async updateState(changes: Partial<Omit<SpamFilterStateEntity, 'id'>>): Promise<SpamFilterStateEntity> {
    await this.state();
    await this.dataSource.getRepository(SpamFilterStateEntity).update({ id: 1 }, changes);
    return this.state();
  }

  async addEvent(
    event: {
      commentId: number;
      event: SpamEventName;
      detail?: string;
      guid?: string;
      userId?: number;
      createdGmt: string;
    },
    manager?: EntityManager,
  ): Promise<void> {
    await this.manager(manager)
      .getRepository(SpamFilterEventEntity)
      .insert({ detail: '', guid: '', userId: 0, ...event });
  }

  /** The comment's history, newest first. */
  history(commentId: number): Promise<SpamFilterEventEntity[]> {
    return this.dataSource
      .getRepository(SpamFilterEventEntity)
      .find({ where: { commentId }, order: { id: 'DESC' } });
  }

  /** The last check verdict recorded for a comment (spam or ham), if any. */
  async lastVerdict(commentId: number): Promise<'spam' | 'ham' | null> {
    const row = await this.dataSource.getRepository(SpamFilterEventEntity).findOne({
      where: {
        commentId,
        event: In(['check-spam', 'check-ham', 'recheck-spam', 'recheck-ham', 'report-spam', 'report-ham']),
      },
      order: { id: 'DESC' },
    });
    if (!row) return null;
    return row.event.endsWith('spam') ? 'spam' : 'ham';
  }

  /** The comments a check guid names, narrowed by the fields the service sent back (the webhook). */
  async commentIdsByGuid(
    guid: string,
    narrow: { postId?: number; parentId?: number; authorEmail?: string },
  ): Promise<number[]> {
    const qb = this.dataSource
      .getRepository(SpamFilterEventEntity)
      .createQueryBuilder('e')
      .innerJoin('comments', 'c', 'c.id = e.comment_id')
      .select('DISTINCT e.comment_id', 'id')
      .where('e.guid = :guid', { guid });
    if (narrow.postId !== undefined) qb.andWhere('c.post_id = :post', { post: narrow.postId });
    if (narrow.parentId !== undefined) qb.andWhere('c.parent_id = :parent', { parent: narrow.parentId });
    if (narrow.authorEmail !== undefined)
      qb.andWhere('c.author_email = :email', { email: narrow.authorEmail });
    return (await qb.getRawMany<{ id: number | string }>()).map((row) => Number(row.id));
  }

  /** Akismet's last_comment_status_change_came_from_akismet: no person changed the status since the filter. */
  async lastChangeByFilter(commentId: number): Promise<boolean> {
    const row = await this.dataSource.getRepository(SpamFilterEventEntity).findOne({
      where: {
        commentId,
        event: In([
          'check-spam',
          'check-ham',
          'check-error',
          'recheck-spam',
          'recheck-ham',
          'status-changed',
          'webhook-spam',
          'webhook-ham',
        ]),
      },
      order: { id: 'DESC' },
    });
    return !!row && row.event !== 'status-changed';
  }

  /** How many events of each name since `sinceGmt` (all time when null), one grouped query. */
  async countEvents(sinceGmt: string | null): Promise<Map<string, number>> {
    const qb = this.dataSource
      .getRepository(SpamFilterEventEntity)
      .createQueryBuilder('e')
      .select('e.event', 'event')
      .addSelect('COUNT(*)', 'count')
      .groupBy('e.event');
    if (sinceGmt) qb.where('e.createdGmt >= :since', { since: sinceGmt });
    const rows = await qb.getRawMany<{ event: string; count: number | string }>();
    return new Map(rows.map((row) => [row.event, Number(row.count)]));
  }

  /** Adds a call to the queue, or makes an existing one due at `dueGmt`. */
  async enqueue(
    commentId: number,
    kind: SpamQueueKind,
    dueGmt: string,
    error: string,
    manager?: EntityManager,
  ): Promise<void> {
    const repo = this.manager(manager).getRepository(SpamFilterQueueEntity);
    const existing = await repo.findOneBy({ commentId, kind });
    if (existing) {
      await repo.update({ commentId, kind }, { nextAttemptGmt: dueGmt, lastError: error.slice(0, 255) });
      return;
    }
    await repo.insert({
      commentId,
      kind,
      attempts: 0,
      nextAttemptGmt: dueGmt,
      claimToken: null,
      claimedUntilGmt: null,
      lastError: error.slice(0, 255),
    });
  }

  async dequeue(commentId: number, kind: SpamQueueKind, manager?: EntityManager): Promise<void> {
    await this.manager(manager).getRepository(SpamFilterQueueEntity).delete({ commentId, kind });
  }

  queued(commentId?: number): Promise<SpamFilterQueueEntity[]> {
    return this.dataSource
      .getRepository(SpamFilterQueueEntity)
      .find({ where: commentId === undefined ? {} : { commentId }, order: { nextAttemptGmt: 'ASC' } });
  }

  /** Claims up to `limit` due calls for this run (`token`), so two instances never claim the same row. */
  claimDue(
    token: string,
    nowGmt: string,
    claimUntilGmt: string,
    limit: number,
  ): Promise<SpamFilterQueueEntity[]> {
    return claimDueRows(this.dataSource.getRepository(SpamFilterQueueEntity), {
      due: { nextAttemptGmt: LessThanOrEqual(nowGmt) },
      order: { nextAttemptGmt: 'ASC' },
      limit,
      ownerProperty: 'claimToken',
      untilProperty: 'claimedUntilGmt',
      owner: token,
      until: claimUntilGmt,
      now: nowGmt,
    });
  }

  /** A failed attempt: count it, set the next one, release the claim. */
  async reschedule(row: SpamFilterQueueEntity, nextGmt: string, error: string): Promise<void> {
    await this.dataSource.getRepository(SpamFilterQueueEntity).update(
      { commentId: row.commentId, kind: row.kind, claimToken: row.claimToken ?? '' },
      {
        attempts: row.attempts + 1,
        nextAttemptGmt: nextGmt,
        claimToken: null,
        claimedUntilGmt: null,
        lastError: error.slice(0, 255),
      },
    );
  }
}
