export { CoreContentModule } from './core-content.module';
export { PostEntity } from './posts/post.entity';
export { parsePostLink, permalinkTemplate, plainLink, postLink, siteRoot } from './posts/post-links';
export type { LinkablePost } from './posts/post-links';
export { PostsService } from './posts/posts.service';
export { PAGE_TYPE, POST_TYPE } from './posts/post-types';
export type { PostTypeConfig, PostTypeName } from './posts/post-types';
export { TermEntity, PostTermEntity } from './terms/term.entity';
export * from './rendering';
