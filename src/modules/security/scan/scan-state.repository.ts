import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { formatDateTime, insertIgnore, nowUtc } from '../../../platform/database';
import { ScanStateEntity, ScanStatus } from './scan-state.entity';

const SCAN_ROW = 1;

/** The scan job row: claimed with one conditional UPDATE, so only one instance ever runs a scan. */
@Injectable()
export class ScanStateRepository {
  private readonly rows: Repository<ScanStateEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(ScanStateEntity);
  }

  async get(): Promise<ScanStateEntity> {
    const row = await this.rows.findOneBy({ id: SCAN_ROW });
    if (row) return row;
    await this.dataSource.query(`${insertIgnore(this.dataSource)} security_scan (id) VALUES (?)`, [SCAN_ROW]);
    return this.rows.findOneByOrFail({ id: SCAN_ROW });
  }

  /** Marks a running scan whose instance stopped reporting before `staleBefore` as interrupted. */
  async markInterrupted(staleBefore: Date): Promise<void> {
    await this.get();
    await this.rows
      .createQueryBuilder()
      .update()
      .set({
        status: 'interrupted',
        instanceId: null,
        finishedAt: nowUtc(),
        lastResult: 'The scan was interrupted (its instance stopped).',
      })
      .where("id = :id AND status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < :stale)", {
        id: SCAN_ROW,
        stale: formatDateTime(staleBefore),
      })
      .execute();
  }

  /**
   * Claims the job for `instanceId` unless a scan is running with a recent heartbeat. Returns the new run id,
   * or null when another scan holds the claim.
   */
  async claim(instanceId: string, staleBefore: Date): Promise<number | null> {
    const current = await this.get();
    const now = nowUtc();
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({
        status: 'running',
        instanceId,
        runId: current.runId + 1,
        startedAt: now,
        heartbeatAt: now,
        finishedAt: null,
        progress: 0,
        stage: 'starting',
        killRequested: false,
        lastResult: '',
      })
      .where(
        "id = :id AND run_id = :runId AND (status <> 'running' OR heartbeat_at IS NULL OR heartbeat_at < :stale)",
        {
          id: SCAN_ROW,
          runId: current.runId,
          stale: formatDateTime(staleBefore),
        },
      )
      .execute();
    return (result.affected ?? 0) === 1 ? current.runId + 1 : null;
  }

  /**
   * Stores progress for run `runId`; returns false when the run lost its claim or a stop was requested
   * (the runner then stops).
   */
  async heartbeat(runId: number, stage: string, progress: number): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({ heartbeatAt: nowUtc(), stage, progress: Math.max(0, Math.min(100, Math.floor(progress))) })
      .where("id = :id AND run_id = :runId AND status = 'running' AND kill_requested = :no", {
        id: SCAN_ROW,
        runId,
        no: false,
      })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** Asks the running scan to stop (it notices at its next checkpoint). */
  async requestKill(): Promise<void> {
    await this.get();
    await this.rows
      .createQueryBuilder()
      .update()
      .set({ killRequested: true })
      .where("id = :id AND status = 'running'", { id: SCAN_ROW })
      .execute();
  }

  /**
   * Ends run `runId` with `status` if it still holds the claim (`onlyIfRunning`: and was not asked to stop);
   * returns whether it did.
   */
  async finish(
    runId: number,
    status: ScanStatus,
    result: string,
    extra: Partial<Pick<ScanStateEntity, 'lastScanTime' | 'lastScanStarted' | 'progress'>> = {},
    manager = this.dataSource.manager,
    onlyIfRunning = false,
  ): Promise<boolean> {
    const outcome = await manager
      .getRepository(ScanStateEntity)
      .createQueryBuilder()
      .update()
      .set({ status, instanceId: null, finishedAt: nowUtc(), lastResult: result.slice(0, 255), ...extra })
      .where(
        `id = :id AND run_id = :runId${onlyIfRunning ? " AND status = 'running' AND kill_requested = :no" : ''}`,
        { id: SCAN_ROW, runId, no: false },
      )
      .execute();
    return (outcome.affected ?? 0) === 1;
  }

  static unixOf(dateTime: string | null): number | null {
    return dateTime ? Math.floor(Date.parse(`${dateTime.replace(' ', 'T')}Z`) / 1000) : null;
  }
}
