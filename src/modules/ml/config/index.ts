export { MlConfigModule } from './ml-config.module';
export { MlConfigService } from './ml-config.service';
export type { CustomFieldAction, LibxmlError, MlConfigRules } from './ml-config.xml';
