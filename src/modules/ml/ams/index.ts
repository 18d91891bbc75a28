export { TranslationServicesModule } from './translation-services.module';
export { AMS_PATHS, AteAmsClient } from './ate-ams.client';
export type { AmsRegistration, AmsUser, RemoteAnswer, RemoteService } from './ate-ams.client';
export { TranslationServiceErrors } from './translation-services.errors';
