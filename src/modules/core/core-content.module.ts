import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthoredContentRegistry, UsersModule, UsersService } from '../../platform/auth';
import { MediaModule, MediaService } from './media';
import { OEmbedModule, OEmbedSourceRegistry } from '../oembed';
import { TranslationGroupsModule } from '../ml';
import { AutosavesController } from './autosaves';
import { AutosavesService } from './autosaves/autosaves.service';
import { PostsOEmbedSource } from './posts/posts-oembed.source';
import { PostTranslationSource } from './posts/post-translation.source';
import { PagesController, PostsController } from './posts/posts.controller';
import { PostLifecycle } from './posts/post-lifecycle';
import { PostRequests } from './posts/post-requests';
import { PostsPolicy } from './posts/posts.policy';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';
import { PostEntity } from './posts/post.entity';
import { PageRevisionsController, PostRevisionsController } from './revisions/revisions.controller';
import { RevisionsService } from './revisions/revisions.service';
import { CategoriesController, TagsController } from './terms/terms.controller';
import { PostTermEntity, TermEntity } from './terms/term.entity';
import { TermsRepository } from './terms/terms.repository';
import { TermsService } from './terms/terms.service';

/** `core/v2` content: posts, pages, their revisions and autosaves, categories and tags. */
@Module({
  imports: [
    TypeOrmModule.forFeature([PostEntity, TermEntity, PostTermEntity]),
    UsersModule,
    MediaModule,
    OEmbedModule,
    TranslationGroupsModule,
  ],
  controllers: [
    PostsController,
    PostRevisionsController,
    AutosavesController.posts,
    PagesController,
    PageRevisionsController,
    AutosavesController.pages,
    CategoriesController,
    TagsController,
  ],
  providers: [
    PostLifecycle,
    PostsRepository,
    PostsService,
    PostsPolicy,
    PostRequests,
    RevisionsService,
    AutosavesService,
    TermsRepository,
    TermsService,
    PostTranslationSource,
  ],
  exports: [PostsService, PostLifecycle],
})
export class CoreContentModule implements OnModuleInit {
  constructor(
    private readonly posts: PostsService,
    private readonly authored: AuthoredContentRegistry,
    private readonly users: UsersService,
    private readonly oembed: OEmbedSourceRegistry,
    private readonly media: MediaService,
  ) {}

  onModuleInit(): void {
    this.authored.register({
      publishedAuthorIds: (userIds) => this.posts.publishedAuthorIds(userIds),
      reassignAuthor: (userId, reassignTo, manager) => this.posts.reassignAuthor(userId, reassignTo, manager),
    });
    this.oembed.register(new PostsOEmbedSource(this.posts, this.users, this.media));
    this.media.registerParents({ describe: (ids, user) => this.posts.attachmentParents(ids, user) });
  }
}
