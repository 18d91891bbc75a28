import { Module } from '@nestjs/common';
import { HttpClientModule } from '../../platform/common/http';
import { UrlDetailsController } from './url-details.controller';
import { UrlDetailsService } from './url-details.service';

/** `core-block-editor/v1`: URL details for links in the editor. */
@Module({
  imports: [HttpClientModule],
  controllers: [UrlDetailsController],
  providers: [UrlDetailsService],
})
export class BlockEditorModule {}
