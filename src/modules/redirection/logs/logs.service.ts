import { Injectable } from '@nestjs/common';
import type { RestUser } from '../../../platform/rest';
import type { ListQuery } from '../shared/list-args';
import { RedirectionLogWriter } from './log-writer';
import type { NotFoundLogEntity, RedirectLogEntity } from './log.entity';
import { LogGroupBy, LogKind, LogsRepository } from './logs.repository';

export type LogList =
  | { grouped: false; items: Array<RedirectLogEntity | NotFoundLogEntity>; total: number }
  | {
      grouped: true;
      groupBy: LogGroupBy;
      items: Array<{ count: number; value: string | null }>;
      total: number;
    };

/** The redirect log and the 404 log (api-log.php, api-404.php). */
@Injectable()
export class LogsService {
  constructor(
    private readonly logs: LogsRepository,
    private readonly writer: RedirectionLogWriter,
  ) {}

  /** A page of rows, or of groups when `groupBy` is ip/url/agent (404 also `url-exact`, read as url). */
  async list(_user: RestUser | null, kind: LogKind, query: ListQuery, groupBy?: string): Promise<LogList> {
    await this.writer.flush();
    const by = groupBy === 'url-exact' && kind === '404' ? 'url' : groupBy;
    if (by === 'ip' || by === 'url' || by === 'agent') {
      const { items, total } = await this.logs.grouped(kind, by, query);
      return { grouped: true, groupBy: by, items, total };
    }
    const { items, total } = await this.logs.list(kind, query);
    return { grouped: false, items, total };
  }

  /**
   * Bulk delete: numeric items by id, other items (grouped views) every row whose url (or ip/agent when
   * grouped by it) equals them; `global` everything matching the filters.
   */
  async bulkDelete(
    _user: RestUser | null,
    kind: LogKind,
    target: {
      items?: Array<string | number>;
      global?: boolean;
      filters: Record<string, string>;
      groupBy?: string;
    },
  ): Promise<void> {
    await this.writer.flush();
    if (target.items && target.items.length) {
      const ids = target.items.filter((item) => /^\d+$/.test(String(item))).map(Number);
      const values = target.items.filter((item) => !/^\d+$/.test(String(item))).map(String);
      await this.logs.deleteIds(kind, ids);
      const column: LogGroupBy =
        target.groupBy === 'ip' || target.groupBy === 'agent' ? target.groupBy : 'url';
      await this.logs.deleteWhere(kind, column, values);
      return;
    }
    if (target.global) await this.logs.deleteFiltered(kind, target.filters);
  }
}
