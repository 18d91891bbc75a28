import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LastChanged } from '../../../platform/database';
import { siteFlags } from '../redirects/redirect-sanitizer';
import { RedirectionSettingsService } from '../settings/settings.service';
import type { RedirectionSettings } from '../settings/settings.types';
import { REDIRECTION_CHANGES } from '../shared/changes';
import { CompiledRedirect, compileRedirect, RedirectRow } from './compiled-redirect';
import { matchUrlOf, matchUrlWithParams } from './url';

/** The enabled redirects and the options, compiled once per change of the `redirection` last-changed stamp. */
export interface RedirectSnapshot {
  stamp: string;
  settings: RedirectionSettings;
  /** Plain sources by their normalised lookup key (`match_url`). */
  plain: Map<string, CompiledRedirect[]>;
  /** Regex sources, compiled. */
  regex: CompiledRedirect[];
}

function byPosition(a: CompiledRedirect, b: CompiledRedirect): number {
  return a.position - b.position || a.id - b.id;
}

/**
 * The engine's view of the redirects. Each request costs one primary-key read of the last-changed stamp;
 * the index is rebuilt only when a write (in any instance) renewed it. Plain sources are found by a hash
 * lookup on the normalised URL, so the cost does not grow with their number; regex sources are compiled
 * once per build.
 */
@Injectable()
export class RedirectIndex {
  private snapshot: RedirectSnapshot | null = null;
  private building: Promise<RedirectSnapshot> | null = null;

  constructor(
    private readonly lastChanged: LastChanged,
    private readonly settings: RedirectionSettingsService,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async current(): Promise<RedirectSnapshot> {
    const stamp = await this.lastChanged.version(REDIRECTION_CHANGES);
    if (this.snapshot && this.snapshot.stamp === stamp) return this.snapshot;
    if (!this.building) {
      this.building = this.build(stamp).finally(() => {
        this.building = null;
      });
    }
    const built = await this.building;
    return built;
  }

  private async build(stamp: string): Promise<RedirectSnapshot> {
    const settings = await this.settings.get();
    const rows: RedirectRow[] = await this.dataSource.query(
      `SELECT id, url, match_url, match_data, regex, position, action_type, action_code, action_data, match_type
       FROM redirection_items WHERE status = 'enabled'`,
    );
    const defaults = siteFlags(settings);
    const plain = new Map<string, CompiledRedirect[]>();
    const regex: CompiledRedirect[] = [];
    for (const row of rows) {
      const compiled = compileRedirect(row, defaults);
      if (compiled.flags.flag_regex) {
        regex.push(compiled);
        continue;
      }
      const list = plain.get(compiled.matchUrl);
      if (list) list.push(compiled);
      else plain.set(compiled.matchUrl, [compiled]);
    }
    for (const list of plain.values()) list.sort(byPosition);
    regex.sort(byPosition);
    const snapshot: RedirectSnapshot = { stamp, settings, plain, regex };
    this.snapshot = snapshot;
    return snapshot;
  }
}

/**
 * The candidates for a request (`Red_Item::get_for_matched_url`): plain redirects under the request's
 * normalised path, and under path + sorted query (`exactorder` sources), then every regex; by position, id.
 */
export function candidatesFor(snapshot: RedirectSnapshot, decodedUri: string): CompiledRedirect[] {
  const key = matchUrlOf(decodedUri);
  const withParams = decodedUri.includes('?') ? matchUrlWithParams(decodedUri) : key;
  const found = [...(snapshot.plain.get(key) ?? [])];
  if (withParams !== key) found.push(...(snapshot.plain.get(withParams) ?? []));
  if (snapshot.regex.length === 0) return found;
  return [...found, ...snapshot.regex].sort(byPosition);
}
