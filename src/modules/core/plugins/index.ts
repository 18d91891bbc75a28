export { PluginsModule } from './plugins.module';
