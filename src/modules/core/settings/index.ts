export { SettingsModule } from './settings.module';
export { SiteSettingsService } from './site-settings.service';
