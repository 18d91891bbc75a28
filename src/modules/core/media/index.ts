export { MediaEntity } from './media.entity';
export { absoluteMediaUrl, fileExtension, toImageObject } from './media.mapper';
export type { ImageObject } from './media.mapper';
export { MediaModule } from './media.module';
export { IMAGE_MIME_TYPES, isImageUrl, MediaService } from './media.service';
export type { AttachmentParent, AttachmentParentSource } from './attachment-parents';
// The REST library (`./library`, MediaLibraryModule) is not exported here: it renders with the content module,
// which imports this file; AppModule imports it from './media/library' so the two never load each other.
