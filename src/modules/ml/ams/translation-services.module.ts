import { Module } from '@nestjs/common';
import { HttpClientModule } from '../../../platform/common/http';
import { AteAmsClient } from './ate-ams.client';
import { AmsController, AteProxyController } from './translation-services.controller';
import { TranslationServicesService } from './translation-services.service';
import { TranslationUsersRepository } from './translation-users.repository';

/** ATE and AMS, the remote translation services: their client, the `ams/*` routes and the ATE proxy. */
@Module({
  imports: [HttpClientModule],
  controllers: [AmsController, AteProxyController],
  providers: [AteAmsClient, TranslationServicesService, TranslationUsersRepository],
  exports: [AteAmsClient],
})
export class TranslationServicesModule {}
