import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { RestError } from '../../../platform/rest';
import {
  coerceOption,
  isOptionName,
  OPTION_ALIASES,
  OPTION_DEFINITIONS,
  OptionDefinition,
  OptionName,
  OptionValues,
  READ_ONLY_OPTIONS,
} from './option-definitions';
import { SecurityOptionEntity } from './security-option.entity';

export const OptionErrors = {
  /** Wordfence's setConfig messages: one error, or several joined. */
  invalid: (errors: string[]) =>
    new RestError(
      'rest_set_config_error',
      errors.length === 1
        ? `An error occurred while saving the configuration: ${errors[0]}`
        : `Errors occurred while saving the configuration: ${errors.join(', ')}`,
      422,
    ),
  empty: () =>
    new RestError(
      'rest_save_config_error',
      "Validation error: 'fields' parameter is empty or not an array.",
      422,
    ),
};

/**
 * The security options: typed values with defaults, stored as JSON rows. Each instance keeps a snapshot
 * that it re-reads when older than SECURITY_FIREWALL_SYNC_MS (the firewall reads options on every request);
 * its own writes update the snapshot at once.
 */
@Injectable()
export class SecurityOptionsService {
  private snapshot: OptionValues | null = null;
  private loadedAt = 0;
  private loading: Promise<OptionValues> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Every option's current value. */
  async all(): Promise<OptionValues> {
    if (this.snapshot && Date.now() - this.loadedAt < this.config.securityFirewallSyncMs)
      return this.snapshot;
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  /** The snapshot without waiting (null before the first load); the firewall's fast path. */
  cached(): OptionValues | null {
    return this.snapshot;
  }

  async get<K extends OptionName>(name: K): Promise<OptionValues[K]> {
    return (await this.all())[name];
  }

  /** The canonical name for a client-sent name (aliases resolved), or null when unknown. */
  static resolveName(name: string): OptionName | null {
    if (isOptionName(name)) return name;
    return OPTION_ALIASES[name] ?? null;
  }

  /**
   * Validates every field first (all problems reported together as 422 rest_set_config_error), then writes
   * them in one transaction.
   */
  async save(fields: unknown): Promise<void> {
    if (
      typeof fields !== 'object' ||
      fields === null ||
      Array.isArray(fields) ||
      Object.keys(fields).length === 0
    ) {
      throw OptionErrors.empty();
    }
    const errors: string[] = [];
    const values = new Map<OptionName, unknown>();
    for (const [sent, raw] of Object.entries(fields as Record<string, unknown>)) {
      const name = SecurityOptionsService.resolveName(sent);
      if (!name) {
        errors.push(
          (READ_ONLY_OPTIONS as readonly string[]).includes(sent) || sent.startsWith('waf.')
            ? `${sent} is read-only`
            : `${sent} is not a known option`,
        );
        continue;
      }
      const coerced = coerceOption(OPTION_DEFINITIONS[name] as OptionDefinition, raw);
      if ('error' in coerced) errors.push(`Invalid value for ${sent}: ${coerced.error}`);
      else values.set(name, coerced.value);
    }
    if (errors.length > 0) throw OptionErrors.invalid(errors);
    await this.dataSource.transaction(async (manager) => {
      const rows = manager.getRepository(SecurityOptionEntity);
      const names = [...values.keys()];
      await rows.delete({ name: In(names) });
      await rows.insert(names.map((name) => ({ name, value: JSON.stringify(values.get(name)) })));
    });
    this.snapshot = null;
    await this.all();
  }

  private async load(): Promise<OptionValues> {
    const rows = await this.dataSource.getRepository(SecurityOptionEntity).find();
    const values: Record<string, unknown> = {};
    for (const [name, definition] of Object.entries(OPTION_DEFINITIONS)) values[name] = definition.default;
    for (const row of rows) {
      if (!isOptionName(row.name)) continue;
      try {
        values[row.name] = JSON.parse(row.value);
      } catch {
        // A row edited by hand into invalid JSON keeps the default.
      }
    }
    this.snapshot = values as OptionValues;
    this.loadedAt = Date.now();
    return this.snapshot;
  }
}
