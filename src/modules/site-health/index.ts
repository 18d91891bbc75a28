export { SiteHealthModule } from './site-health.module';
