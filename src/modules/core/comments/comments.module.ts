import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthoredContentRegistry, UsersModule } from '../../../platform/auth';
import { CoreContentModule, PostLifecycle } from '..';
import { CommentEntity } from './comment.entity';
import { CommentSettingsEntity } from './comment-settings.entity';
import { CommentSpamFilterRegistry } from './comment-spam.hooks';
import { CommentsController } from './comments.controller';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** `core/v2/comments`, the discussion settings and the posts' comment counts. */
@Module({
  imports: [TypeOrmModule.forFeature([CommentEntity, CommentSettingsEntity]), CoreContentModule, UsersModule],
  controllers: [CommentsController],
  providers: [CommentsRepository, CommentsService, CommentSpamFilterRegistry],
  exports: [CommentsService, CommentSpamFilterRegistry],
})
export class CommentsModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: PostLifecycle,
    private readonly comments: CommentsService,
    private readonly authored: AuthoredContentRegistry,
  ) {}

  onModuleInit(): void {
    this.lifecycle.register(this.comments.postListener());
    // A user deleted without reassignment takes their posts, and so those posts' comments, along.
    this.authored.register({
      publishedAuthorIds: async () => [],
      reassignAuthor: (userId, reassignTo, manager) =>
        reassignTo === null ? this.comments.deleteCommentsOfAuthorPosts(userId, manager) : Promise.resolve(),
    });
  }
}
