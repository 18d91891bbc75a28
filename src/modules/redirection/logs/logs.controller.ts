import { EDITABLE, Permissions, READABLE, RestCall, RestController, RestRoute } from '../../../platform/rest';
import { MANAGE_OPTIONS } from '../shared/bulk';
import { ListSetArgs, listQueryOf } from '../shared/list-args';
import { BulkLogsArgs, BulkNotFoundArgs, ListLogsArgs, ListNotFoundArgs } from './dto/log-args.dto';
import type { NotFoundLogEntity, RedirectLogEntity } from './log.entity';
import { toGroupedJson, toNotFoundJson, toRedirectLogJson } from './log.mapper';
import { LogKind } from './logs.repository';
import { LogsService } from './logs.service';

const ADMIN = Permissions.capability(MANAGE_OPTIONS);

function groupByOf(call: RestCall<any>): string | undefined {
  const value = call.params().groupBy;
  return typeof value === 'string' ? value : undefined;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** `redirection/v1/log`, `redirection/v1/404` and their bulk deletes (api-log.php, api-404.php). */
@RestController('redirection/v1')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  private async listResponse(call: RestCall<ListSetArgs>, kind: LogKind) {
    const result = await this.logs.list(call.user, kind, listQueryOf(call.args), groupByOf(call));
    if (result.grouped) {
      return { items: result.items.map((row) => toGroupedJson(result.groupBy, row)), total: result.total };
    }
    const map = (row: RedirectLogEntity | NotFoundLogEntity) =>
      kind === 'log' ? toRedirectLogJson(row as RedirectLogEntity) : toNotFoundJson(row);
    return { items: result.items.map(map), total: result.total };
  }

  private async bulkDelete(call: RestCall<BulkLogsArgs | BulkNotFoundArgs>, kind: LogKind) {
    await this.logs.bulkDelete(call.user, kind, {
      items: call.args.items,
      global: isTrue(call.params().global),
      filters: call.args.filterBy ?? {},
      groupBy: groupByOf(call),
    });
    return this.listResponse(call, kind);
  }

  @RestRoute('/log', { methods: READABLE, args: ListLogsArgs, permission: ADMIN })
  list(call: RestCall<ListLogsArgs>) {
    return this.listResponse(call, 'log');
  }

  @RestRoute('/bulk/log/delete', { methods: EDITABLE, args: BulkLogsArgs, permission: ADMIN })
  deleteLogs(call: RestCall<BulkLogsArgs>) {
    return this.bulkDelete(call, 'log');
  }

  @RestRoute('/404', { methods: READABLE, args: ListNotFoundArgs, permission: ADMIN })
  listNotFound(call: RestCall<ListNotFoundArgs>) {
    return this.listResponse(call, '404');
  }

  @RestRoute('/bulk/404/delete', { methods: EDITABLE, args: BulkNotFoundArgs, permission: ADMIN })
  deleteNotFound(call: RestCall<BulkNotFoundArgs>) {
    return this.bulkDelete(call, '404');
  }
}
