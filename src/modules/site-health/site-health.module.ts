import { Module } from '@nestjs/common';
import { SiteHealthController } from './site-health.controller';
import { SiteHealthService } from './site-health.service';

/** `core-site-health/v1`. */
@Module({ controllers: [SiteHealthController], providers: [SiteHealthService] })
export class SiteHealthModule {}
