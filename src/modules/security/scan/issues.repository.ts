import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { FoundIssue, md5 } from './checks/scan-check';
import { IssueEntity, IssueStatus } from './issue.entity';

const IGNORED: IssueStatus[] = ['ignoreP', 'ignoreC'];
const INSERT_CHUNK = 200;

/** Scan issues: `pending` while a scan runs, then `new` or kept ignored when the scan completes. */
@Injectable()
export class IssuesRepository {
  private readonly rows: Repository<IssueEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(IssueEntity);
  }

  findById(id: number): Promise<IssueEntity | null> {
    return this.rows.findOneBy({ id });
  }

  /** New issues (most severe, then newest first) or ignored ones (newest first), a page of them. */
  list(group: 'new' | 'ignored' | 'pending', offset: number, limit: number): Promise<IssueEntity[]> {
    const query = this.rows.createQueryBuilder('issue');
    if (group === 'ignored') query.where('issue.status IN (:...ignored)', { ignored: IGNORED });
    else query.where('issue.status = :status', { status: group });
    if (group !== 'ignored') query.orderBy('issue.severity', 'DESC').addOrderBy('issue.time', 'DESC');
    else query.orderBy('issue.time', 'DESC');
    return query.addOrderBy('issue.id', 'ASC').offset(offset).limit(limit).getMany();
  }

  count(status: IssueStatus): Promise<number> {
    return this.rows.countBy({ status });
  }

  async insertPending(runId: number, issues: FoundIssue[], now: number): Promise<void> {
    for (let i = 0; i < issues.length; i += INSERT_CHUNK) {
      await this.rows.insert(
        issues.slice(i, i + INSERT_CHUNK).map((issue) => ({
          time: now,
          lastUpdated: now,
          runId,
          status: 'pending' as const,
          type: issue.type,
          severity: issue.severity,
          ignoreP: md5(issue.key),
          ignoreC: md5(`${issue.key}\n${issue.fingerprint}`),
          shortMsg: issue.shortMsg,
          longMsg: issue.longMsg,
          data: JSON.stringify(issue.data),
        })),
      );
    }
  }

  /** Drops the findings of unfinished runs: all of them, or those of one run. */
  deletePending(runId?: number): Promise<unknown> {
    return this.rows.delete(runId === undefined ? { status: 'pending' } : { status: 'pending', runId });
  }

  /**
   * Makes a finished scan's findings current, in the caller's transaction: the previous `new` issues go; a
   * finding ignored before stays ignored (permanently, or until its fingerprint changes) and the rest become
   * `new`; ignored issues that were not found again are gone.
   */
  async commitPending(manager: EntityManager, runId: number, now: number): Promise<void> {
    const rows = manager.getRepository(IssueEntity);
    await rows.delete({ status: 'new' });
    const ignored = await rows.find({
      where: { status: In(IGNORED) },
      select: { id: true, status: true, ignoreP: true, ignoreC: true },
    });
    const pending = await rows.find({
      where: { status: 'pending', runId },
      select: { id: true, ignoreP: true, ignoreC: true },
    });
    const permanent = new Map(ignored.filter((r) => r.status === 'ignoreP').map((r) => [r.ignoreP, r.id]));
    const untilChanged = new Map(ignored.filter((r) => r.status === 'ignoreC').map((r) => [r.ignoreC, r.id]));
    const stillIgnored = new Set<number>();
    const duplicates: number[] = [];
    for (const row of pending) {
      const kept = permanent.get(row.ignoreP) ?? untilChanged.get(row.ignoreC);
      if (kept === undefined) continue;
      stillIgnored.add(kept);
      duplicates.push(row.id);
    }
    const gone = ignored.filter((r) => !stillIgnored.has(r.id)).map((r) => r.id);
    for (const ids of [duplicates, gone]) {
      for (let i = 0; i < ids.length; i += 500) await rows.delete({ id: In(ids.slice(i, i + 500)) });
    }
    const kept = [...stillIgnored];
    for (let i = 0; i < kept.length; i += 500) {
      await rows.update({ id: In(kept.slice(i, i + 500)) }, { lastUpdated: now });
    }
    await rows.update({ status: 'pending', runId }, { status: 'new' });
  }

  async setStatus(id: number, status: IssueStatus): Promise<void> {
    await this.rows.update({ id }, { status, lastUpdated: Math.floor(Date.now() / 1000) });
  }

  async delete(id: number, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).getRepository(IssueEntity).delete({ id });
  }
}
