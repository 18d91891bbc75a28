import { Module } from '@nestjs/common';
import { UsersModule } from '../../../../platform/auth';
import { MediaStorage } from '../files/media-storage';
import { MediaModule } from '../media.module';
import { MediaLibraryRepository } from './media-library.repository';
import { MediaLibraryService } from './media-library.service';
import { MediaController } from './media.controller';
import { UploadsController } from './uploads.controller';

/**
 * `core/v2/media` (WordPress's attachments controller) and the uploads folder it stores files in, served at
 * `/wp-content/uploads/`. Kept apart from {@link MediaModule} (the lookups other modules use), since its
 * responses render with the content module's filters and that module imports MediaModule.
 */
@Module({
  imports: [MediaModule, UsersModule],
  controllers: [MediaController, UploadsController],
  providers: [MediaLibraryRepository, MediaLibraryService, MediaStorage],
})
export class MediaLibraryModule {}
