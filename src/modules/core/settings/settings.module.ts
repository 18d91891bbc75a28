import { Module } from '@nestjs/common';
import { SettingsController } from './settings.controller';
import { SiteSettingsService } from './site-settings.service';

/** `core/v2/settings`. */
@Module({
  controllers: [SettingsController],
  providers: [SiteSettingsService],
  exports: [SiteSettingsService],
})
export class SettingsModule {}
