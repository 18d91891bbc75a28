import { Module } from '@nestjs/common';
import { PluginsController } from './plugins.controller';
import { PluginsService } from './plugins.service';

/** `core/v2/plugins`. */
@Module({ controllers: [PluginsController], providers: [PluginsService] })
export class PluginsModule {}
