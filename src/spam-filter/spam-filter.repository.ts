import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThan, LessThanOrEqual } from 'typeorm';
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
    event: { commentId: number; event: SpamEventName; detail?: string; userId?: number; createdGmt: string },
    manager?: EntityManager,
  ): Promise<void> {
    await this.manager(manager)
      .getRepository(SpamFilterEventEntity)
      .insert({ detail: '', userId: 0, ...event });
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

  /**
   * Claims up to `limit` due calls for this run: one UPDATE whose WHERE re-checks that each row is still free,
   * so two instances never claim the same row; then reads back what this token got.
   */
  async claimDue(
    token: string,
    nowGmt: string,
    claimUntilGmt: string,
    limit: number,
  ): Promise<SpamFilterQueueEntity[]> {
    const repo = this.dataSource.getRepository(SpamFilterQueueEntity);
    const free = [{ claimedUntilGmt: IsNull() }, { claimedUntilGmt: LessThan(nowGmt) }];
    const candidates = await repo.find({
      where: free.map((claim) => ({ ...claim, nextAttemptGmt: LessThanOrEqual(nowGmt) })),
      order: { nextAttemptGmt: 'ASC' },
      take: limit,
    });
    if (candidates.length === 0) return [];
    for (const kind of new Set(candidates.map((row) => row.kind))) {
      const ids = candidates.filter((row) => row.kind === kind).map((row) => row.commentId);
      await repo
        .createQueryBuilder()
        .update()
        .set({ claimToken: token, claimedUntilGmt: claimUntilGmt })
        .where('kind = :kind AND comment_id IN (:...ids)', { kind, ids })
        .andWhere('(claimed_until_gmt IS NULL OR claimed_until_gmt < :now)', { now: nowGmt })
        .execute();
    }
    return repo.findBy({ claimToken: token });
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
