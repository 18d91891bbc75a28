import { Module } from '@nestjs/common';
import { MlConfigController } from './ml-config.controller';
import { MlConfigService } from './ml-config.service';

/** `ml/v1`: the custom XML config and the translation rules it sets. */
@Module({ controllers: [MlConfigController], providers: [MlConfigService], exports: [MlConfigService] })
export class MlConfigModule {}
