import { Module } from '@nestjs/common';
import { CoreContentModule } from '../core';
import { RenderedContentController } from './rendered-content.controller';
import { SocialFeedController } from './social-feed.controller';
import { SocialFeedService } from './social-feed.service';

/** `bld/social` (social media feed) and `bld` (rendered content). */
@Module({
  imports: [CoreContentModule],
  controllers: [SocialFeedController, RenderedContentController],
  providers: [SocialFeedService],
})
export class PageBuilderModule {}
