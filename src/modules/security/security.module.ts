import { Module } from '@nestjs/common';
import { ConsoleModule } from './console/console.module';
import { FirewallModule } from './firewall/firewall.module';
import { SecurityConfigModule } from './options/security-config.module';
import { ScanModule } from './scan/scan.module';

/**
 * `security/v1` (Wordfence's Central integration, neutralised) and what it controls: the console's
 * authentication, the options, the site scan and the firewall. Route order in the namespace index follows
 * the imports: authenticate, authenticate-premium, premium-connect/disconnect, config, scan.
 */
@Module({
  imports: [ConsoleModule, SecurityConfigModule, ScanModule, FirewallModule],
  exports: [FirewallModule],
})
export class SecurityModule {}
