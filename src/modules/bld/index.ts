export { PageBuilderModule } from './page-builder.module';
