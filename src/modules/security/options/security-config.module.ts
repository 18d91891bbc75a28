import { Module } from '@nestjs/common';
import { FirewallModule } from '../firewall/firewall.module';
import { ScanModule } from '../scan/scan.module';
import { SecurityCoreModule } from '../security-core.module';
import { SecurityConfigController } from './security-config.controller';
import { SecurityConfigService } from './security-config.service';

/** GET/POST config. */
@Module({
  imports: [SecurityCoreModule, ScanModule, FirewallModule],
  controllers: [SecurityConfigController],
  providers: [SecurityConfigService],
})
export class SecurityConfigModule {}
