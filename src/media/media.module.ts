import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AttachmentParents } from './attachment-parents';
import { MediaEntity } from './media.entity';
import { MediaService } from './media.service';

/**
 * The media library (attachments), used for featured images by the calendar and core content. Still global as a
 * bridge for the modules added alongside the platform change.
 */
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity])],
  providers: [MediaService, AttachmentParents],
  exports: [MediaService, AttachmentParents],
})
export class MediaModule {}
