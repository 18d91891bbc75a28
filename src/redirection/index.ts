export { RedirectionModule } from './redirection.module';
