import { Inject } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  READABLE,
  RestCall,
  RestController,
  RestRoute,
} from '../../../platform/rest';
import { SECURITY_NAMESPACE } from '../console/console-auth.controller';
import { consoleToken } from '../console/console-token.permission';
import { toIssueObject } from './issue.mapper';
import { IssuesService } from './issues.service';
import { ScanService } from './scan.service';

/** absint(): a non-negative integer from whatever was sent (WordPress does not validate these parameters). */
function absint(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(number) ? Math.abs(Math.trunc(number)) : 0;
}

/** The scan routes (Wordfence's wfRESTScanController). */
@RestController(SECURITY_NAMESPACE)
export class ScanController {
  constructor(
    private readonly scans: ScanService,
    private readonly issues: IssuesService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  @RestRoute('/scan/issues', { methods: READABLE, permission: consoleToken() })
  async list(call: RestCall) {
    const group = call.param('group') === 'pending' ? 'pending' : 'all';
    const offset = absint(call.param('offset'));
    const limit = absint(call.param('limit')) || 100;
    const page = await this.issues.list(group, offset, limit);
    const map = (list: Parameters<typeof toIssueObject>[0][]) =>
      list.map((issue, index) => toIssueObject(issue, offset + index, this.config.siteTimezone));
    return {
      count: page.count,
      'last-scan-time': page.lastScanTime,
      issues: 'pending' in page ? map(page.pending) : { new: map(page.new), ignored: map(page.ignored) },
    };
  }

  @RestRoute('/scan', { methods: CREATABLE, permission: consoleToken() })
  async start() {
    const result = await this.scans.start();
    return result.started
      ? { success: true }
      : { success: false, 'error-code': result.code, error: result.message };
  }

  @RestRoute('/scan', { methods: DELETABLE, permission: consoleToken() })
  async stop() {
    await this.scans.stop();
    return { success: true };
  }

  @RestRoute('/scan/issue', { methods: EDITABLE, permission: consoleToken() })
  async update(call: RestCall) {
    const outcome = await this.issues.update(call.param('issue'));
    return outcome === true ? { success: true } : { success: false, error: outcome };
  }
}
