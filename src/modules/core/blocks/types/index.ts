export { BlockTypesModule } from './block-types.module';
