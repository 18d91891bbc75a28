export { MediaEntity } from './media.entity';
export { absoluteMediaUrl, fileExtension, toImageObject } from './media.mapper';
export type { ImageObject } from './media.mapper';
export { MediaModule } from './media.module';
export { IMAGE_MIME_TYPES, isImageUrl, MediaService } from './media.service';
export type { AttachmentParent, AttachmentParentSource } from './attachment-parents';
// Last: the REST library renders with the content module, which imports the exports above while loading.
export { MediaLibraryModule } from './library/media-library.module';
