export { AppConfig, ConfigError, loadConfig, maskUrlPasswords, shownSetting } from './app-config';
export { ConfigModule } from './config.module';
export { envVarsOf } from './env-var.decorator';
export { prepareEnvironment, resolveEnvironment } from './environment';
