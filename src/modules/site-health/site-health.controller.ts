import { Permissions, READABLE, RestController, RestRoute } from '../../platform/rest';
import { SiteHealthService } from './site-health.service';

/** WordPress maps `view_site_health_checks` to the plugin installers: administrators. */
const canViewChecks = Permissions.capability('install_plugins');
const route = { methods: READABLE, permission: canViewChecks };

/** `core-site-health/v1`: the asynchronous Site Health tests and directory sizes (administrators only). */
@RestController('core-site-health/v1')
export class SiteHealthController {
  constructor(private readonly health: SiteHealthService) {}

  @RestRoute('/tests/loopback-requests', route)
  loopbackRequests() {
    return this.health.loopbackRequests();
  }

  @RestRoute('/tests/https-status', route)
  httpsStatus() {
    return this.health.httpsStatus();
  }

  @RestRoute('/tests/authorization-header', route)
  authorizationHeader() {
    return this.health.authorizationHeader();
  }

  @RestRoute('/tests/page-cache', route)
  pageCache() {
    return this.health.pageCache();
  }

  @RestRoute('/tests/sql-server', route)
  sqlServer() {
    return this.health.sqlServer();
  }

  @RestRoute('/directory-sizes', route)
  directorySizes() {
    return this.health.directorySizes();
  }
}
