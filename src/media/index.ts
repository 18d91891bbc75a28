export { MediaEntity } from './media.entity';
export { absoluteMediaUrl, fileExtension, toImageObject } from './media.mapper';
export type { ImageObject } from './media.mapper';
export { MediaModule } from './media.module';
export { IMAGE_MIME_TYPES, isImageUrl, MediaService } from './media.service';
