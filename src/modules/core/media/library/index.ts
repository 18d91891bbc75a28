export { MediaLibraryModule } from './media-library.module';
