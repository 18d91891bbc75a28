import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { DataSource } from 'typeorm';
import { isMysql } from '../../../platform/database';
import { FirewallService } from '../firewall/firewall.service';
import { ScanService } from '../scan/scan.service';
import { SIGNATURES, Signatures } from '../scan/signatures';
import { OPTION_ALIASES, OPTION_DEFINITIONS, OptionValues } from './option-definitions';
import { SecurityOptionsService } from './security-options.service';

/** What the request told about its client (set by the firewall middleware). */
export interface ClientFacts {
  ip: string;
  source: string;
  /** Addresses each header or the connection gives, as Wordfence's getAllServerVariableIPs. */
  detected: Record<string, string>;
}

const LOGIN_SECURITY_FIELDS = Object.entries(OPTION_ALIASES)
  .filter(([alias]) => alias.startsWith('wfls_settings_'))
  .map(([alias, name]) => [alias.slice('wfls_settings_'.length), name] as const);

/** GET/POST config: the typed options, the WAF block, the login-security settings and system info. */
@Injectable()
export class SecurityConfigService {
  constructor(
    private readonly options: SecurityOptionsService,
    private readonly scans: ScanService,
    private readonly firewall: FirewallService,
    @Inject(SIGNATURES) private readonly signatures: Signatures,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** The options named in `fields` (all when empty); unknown names are left out, as Wordfence does. */
  async read(fields: string[], client: ClientFacts) {
    const values = await this.options.all();
    const scan = await this.scans.progress();
    const firewallStats = await this.firewall.stats();
    const waf = this.wafFields(values, firewallStats.ruleCount);
    const all: Record<string, unknown> = {};
    for (const name of Object.keys(OPTION_DEFINITIONS)) {
      if (!name.startsWith('waf.')) all[name] = values[name as keyof OptionValues];
    }
    all.scanTime = scan.lastScanTime ?? false;
    all.signatureVersion = this.signatures.version;
    all.isPaid = false;
    const loginSecurity = Object.fromEntries(
      LOGIN_SECURITY_FIELDS.map(([field, name]) => [`wfls_settings_${field}`, values[name]]),
    );

    const config: Record<string, unknown> = {};
    const wanted =
      fields.length > 0
        ? fields
        : [...Object.keys(all), ...Object.keys(waf).map((f) => `waf.${f}`), ...Object.keys(loginSecurity)];
    for (const field of wanted) {
      if (field.startsWith('waf.')) {
        const wafField = field.slice(4);
        if (wafField in waf) config.waf = { ...(config.waf as object), [wafField]: waf[wafField] };
      } else if (field in loginSecurity) config[field] = loginSecurity[field];
      else if (field in all) config[field] = all[field];
    }
    return {
      config,
      info: {
        version: process.env.npm_package_version ?? '0.1.0',
        node_version: process.version,
        database: isMysql(this.dataSource) ? 'mysql' : 'sqlite',
        site_url: this.config.siteUrl,
        output_buffering: false,
        ip: [client.ip, client.source],
        detected_ips: client.detected,
        admin_url: `${this.config.siteUrl}/wp-admin/`,
        signature_version: this.signatures.version,
        scan: {
          status: scan.status,
          progress: scan.progress,
          stage: scan.stage,
          started: scan.startedAt,
          finished: scan.finishedAt,
          result: scan.lastResult,
        },
        firewall: {
          mode: this.firewall.mode(values),
          active_blocks: firewallStats.activeBlocks,
          decisions_24h: firewallStats.last24h,
        },
      },
    };
  }

  save(fields: unknown): Promise<void> {
    return this.options.save(fields);
  }

  /** Wordfence's `waf` block, from our firewall's state. */
  private wafFields(values: OptionValues, ruleCount: number): Record<string, unknown> {
    const status = this.firewall.mode(values);
    return {
      // The firewall runs before any route (Wordfence's "extended protection" / auto_prepend_file).
      autoPrepend: true,
      avoid_php_input: 0,
      disabledRules: values['waf.disabledRules'],
      ruleCount:
        ruleCount -
        values['waf.disabledRules'].filter((id) => this.signatures.waf.some((r) => r.id === id)).length,
      disableWAFBlacklistBlocking: values['waf.disableWAFBlacklistBlocking'],
      enabled: status !== 'disabled',
      firewallMode: values['waf.firewallMode'],
      learningModeGracePeriod: values['waf.learningModeGracePeriod'],
      learningModeGracePeriodEnabled: values['waf.learningModeGracePeriodEnabled'],
      subdirectoryInstall: false,
      wafStatus: status,
    };
  }
}
