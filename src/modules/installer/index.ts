export { InstallerModule } from './installer.module';
