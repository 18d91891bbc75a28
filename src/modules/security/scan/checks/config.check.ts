import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../../platform/config';
import { FoundIssue, ScanCheck, ScanContext } from './scan-check';

/** Settings that weaken the site: plain-http public URL, login protection or firewall off, debug logging. */
@Injectable()
export class ConfigurationCheck implements ScanCheck {
  readonly stage = 'configuration';
  readonly option = 'scansEnabled_suspiciousOptions' as const;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async run(context: ScanContext): Promise<void> {
    const issues: FoundIssue[] = [];
    const { options } = context;
    const url = this.config.siteUrl;
    if (!url.startsWith('https://')) {
      issues.push({
        type: 'configInsecure',
        severity: 75,
        key: 'config:https',
        fingerprint: url,
        shortMsg: 'The public URL of the site is not on https.',
        longMsg: `<p>BASE_URL is <code>${url}</code>: logins, application passwords and console tokens cross the network unencrypted. Serve the site over https and set BASE_URL to its https address.</p>`,
        data: { setting: 'BASE_URL', value: url },
      });
    }
    if (!options.loginSecurityEnabled) {
      issues.push({
        type: 'configInsecure',
        severity: 75,
        key: 'config:login-rate-limit',
        fingerprint: 'off',
        shortMsg: 'Blocking after repeated failed logins is switched off.',
        longMsg:
          '<p>The option <code>loginSecurityEnabled</code> is off, so password guessing is not slowed down. Switch it on.</p>',
        data: { setting: 'loginSecurityEnabled', value: false },
      });
    }
    if (options['waf.firewallMode'] === 'disabled') {
      issues.push({
        type: 'configInsecure',
        severity: 50,
        key: 'config:firewall-disabled',
        fingerprint: 'disabled',
        shortMsg: 'The firewall is disabled.',
        longMsg:
          '<p>The firewall mode is <code>disabled</code>: blocked addresses and rate limits are not enforced.</p>',
        data: { setting: 'waf.firewallMode', value: 'disabled' },
      });
    }
    const debugLevels = ['debug', 'trace'];
    if (debugLevels.includes(this.config.logLevel) && process.env.NODE_ENV !== 'development') {
      issues.push({
        type: 'configInsecure',
        severity: 50,
        key: 'config:debug-logging',
        fingerprint: this.config.logLevel,
        shortMsg: 'Debug logging is on in production.',
        longMsg: `<p>LOG_LEVEL is <code>${this.config.logLevel}</code>: the log then records request details that help an attacker. Use <code>info</code> outside development.</p>`,
        data: { setting: 'LOG_LEVEL', value: this.config.logLevel },
      });
    }
    if (issues.length > 0) await context.report(issues);
    await context.checkpoint(1);
  }
}
