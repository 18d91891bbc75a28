export { BatchModule } from './batch.module';
