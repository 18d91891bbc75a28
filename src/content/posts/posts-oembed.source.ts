import type { UsersService } from '../../auth';
import type { OEmbedItem, OEmbedSource } from '../../oembed';
import { renderContent, renderExcerpt, renderTitle } from '../rendering';
import { siteRoot } from './post-links';
import type { PostsService } from './posts.service';

/** Resolves the public link of a published post or page for oEmbed. */
export class PostsOEmbedSource implements OEmbedSource {
  constructor(
    private readonly posts: PostsService,
    private readonly users: UsersService,
  ) {}

  async resolveUrl(url: string): Promise<OEmbedItem | null> {
    const post = await this.posts.findPublishedByLink(url);
    if (!post) return null;
    const author = post.authorId ? await this.users.findById(post.authorId) : null;
    const root = siteRoot(this.posts.siteUrl, post.language);
    const isProtected = post.password !== '';
    return {
      type: post.type === 'page' ? 'page' : 'post',
      id: post.id,
      title: renderTitle(post.title),
      authorName: author?.displayName ?? '',
      authorUrl: author ? `${root}/author/${author.slug}/` : root,
      link: this.posts.link(post),
      excerptHtml: isProtected ? '' : renderExcerpt(post.excerpt, post.content),
      contentHtml: isProtected ? '' : renderContent(post.content),
    };
  }
}
