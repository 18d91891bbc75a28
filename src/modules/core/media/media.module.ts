import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentParents } from './attachment-parents';
import { MediaEntity } from './media.entity';
import { MediaService } from './media.service';

/**
 * Attachments as other modules use them (featured images of core content, the calendar's images, attachment
 * parents); the `core/v2/media` routes are `MediaLibraryModule` (`./library`). Modules that need it import it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity])],
  providers: [MediaService, AttachmentParents],
  exports: [MediaService, AttachmentParents],
})
export class MediaModule {}
