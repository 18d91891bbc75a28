export { BlockPatternsModule } from './block-patterns.module';
