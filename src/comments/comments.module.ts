import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommentEntity } from './comment.entity';
import { CommentSettingsEntity } from './comment-settings.entity';
import { CommentSpamFilterRegistry } from './comment-spam.hooks';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** `core/v2/comments`, the discussion settings and the posts' comment counts. */
@Module({
  imports: [TypeOrmModule.forFeature([CommentEntity, CommentSettingsEntity])],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService, CommentSpamFilterRegistry],
  exports: [CommentsService, CommentSpamFilterRegistry],
})
export class CommentsModule {}
