import { Injectable } from '@nestjs/common';
import { RestErrors } from '../../../platform/rest';
import { IssueEntity, IssueStatus } from './issue.entity';
import { IssuesRepository } from './issues.repository';
import { RepairService } from './repair.service';
import { ScanStateRepository } from './scan-state.repository';

export const ISSUE_ACTIONS = ['new', 'ignoreP', 'ignoreC', 'delete', 'repair'] as const;
export const ISSUE_NOT_FOUND = 'Issue not found.';
export const ISSUE_NOT_REPAIRABLE = 'This issue cannot be repaired.';

export type IssuePage =
  | { count: number; lastScanTime: number | false; new: IssueEntity[]; ignored: IssueEntity[] }
  | { count: number; lastScanTime: number | false; pending: IssueEntity[] };

/** Listing and handling scan issues (ignore, un-ignore, delete, repair). */
@Injectable()
export class IssuesService {
  constructor(
    private readonly issues: IssuesRepository,
    private readonly state: ScanStateRepository,
    private readonly repairs: RepairService,
  ) {}

  /** `pending`: what the running scan found so far; otherwise the new and the ignored issues, each paged. */
  async list(group: 'pending' | 'all', offset: number, limit: number): Promise<IssuePage> {
    const lastScanTime = (await this.state.get()).lastScanTime ?? false;
    if (group === 'pending') {
      const [count, pending] = await Promise.all([
        this.issues.count('pending'),
        this.issues.list('pending', offset, limit),
      ]);
      return { count, lastScanTime, pending };
    }
    const [count, fresh, ignored] = await Promise.all([
      this.issues.count('new'),
      this.issues.list('new', offset, limit),
      this.issues.list('ignored', offset, limit),
    ]);
    return { count, lastScanTime, new: fresh, ignored };
  }

  /**
   * scan/issue: `issue` = `{id, status}` where status is new, ignoreP, ignoreC, delete or repair.
   * Returns true, or the failure message of Wordfence's `{success:false, error}`.
   */
  async update(issue: unknown): Promise<true | string> {
    const sent = typeof issue === 'object' && issue !== null ? (issue as Record<string, unknown>) : {};
    const id = Number(sent.id);
    if (!sent.id || !Number.isInteger(id) || id <= 0) return ISSUE_NOT_FOUND;
    const status = sent.status;
    if (typeof status !== 'string' || !(ISSUE_ACTIONS as readonly string[]).includes(status)) {
      throw RestErrors.invalidParams(
        { issue: `issue[status] is not one of ${ISSUE_ACTIONS.join(', ')}.` },
        {},
      );
    }
    const row = await this.issues.findById(id);
    if (!row || row.status === 'pending') return ISSUE_NOT_FOUND;
    if (status === 'delete') await this.issues.delete(id);
    else if (status === 'repair') {
      if (!(await this.repairs.repair(row))) return ISSUE_NOT_REPAIRABLE;
    } else await this.issues.setStatus(id, status as IssueStatus);
    return true;
  }
}
