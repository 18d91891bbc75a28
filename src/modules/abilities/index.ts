export { AbilitiesModule } from './abilities.module';
