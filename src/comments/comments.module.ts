import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule, PostLifecycle } from '../content';
import { CommentEntity } from './comment.entity';
import { CommentSettingsEntity } from './comment-settings.entity';
import { CommentSpamFilterRegistry } from './comment-spam.hooks';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** `core/v2/comments`, the discussion settings and the posts' comment counts. */
@Module({
  imports: [TypeOrmModule.forFeature([CommentEntity, CommentSettingsEntity]), ContentModule],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService, CommentSpamFilterRegistry],
  exports: [CommentsService, CommentSpamFilterRegistry],
})
export class CommentsModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: PostLifecycle,
    private readonly comments: CommentsService,
  ) {}

  onModuleInit(): void {
    this.lifecycle.register(this.comments.postListener());
  }
}
