export { AppConfig, ConfigError, loadConfig } from './app-config';
export { ConfigModule } from './config.module';
export { envVarsOf } from './env-var.decorator';
