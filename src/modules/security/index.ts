export { FirewallMiddleware } from './firewall/firewall.middleware';
export { FirewallService } from './firewall/firewall.service';
export { ScanService } from './scan/scan.service';
export { SecurityModule } from './security.module';
