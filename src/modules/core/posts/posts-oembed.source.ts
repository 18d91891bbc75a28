import type { UsersService } from '../../../platform/auth';
import { absoluteMediaUrl, type MediaService } from '../media';
import type { OEmbedItem, OEmbedSource } from '../../oembed';
import { renderContent, renderExcerpt, renderTitle } from '../rendering';
import { siteRoot } from './post-links';
import type { PostsService } from './posts.service';

/** Resolves the public link of a published post or page for oEmbed. */
export class PostsOEmbedSource implements OEmbedSource {
  constructor(
    private readonly posts: PostsService,
    private readonly users: UsersService,
    private readonly media?: MediaService,
  ) {}

  async resolveUrl(url: string): Promise<OEmbedItem | null> {
    const post = await this.posts.findPublishedByLink(url);
    if (!post) return null;
    const author = post.authorId ? await this.users.findById(post.authorId) : null;
    const root = siteRoot(this.posts.siteUrl, post.language);
    const isProtected = post.password !== '';
    const thumbnail = post.featuredMedia && this.media ? await this.media.findById(post.featuredMedia) : null;
    const item: OEmbedItem = {
      type: post.type === 'page' ? 'page' : 'post',
      id: post.id,
      title: renderTitle(post.title),
      authorName: author?.displayName ?? '',
      authorUrl: author ? `${root}/author/${author.slug}/` : root,
      link: await this.posts.link(post),
      excerptHtml: isProtected ? '' : renderExcerpt(post.excerpt, post.content),
      contentHtml: isProtected ? '' : renderContent(post.content),
    };
    if (thumbnail && thumbnail.mimeType.startsWith('image/')) {
      item.thumbnailUrl = absoluteMediaUrl(thumbnail.url, { site: (path = '/') => `${root}${path}` });
      if (thumbnail.width) item.thumbnailWidth = thumbnail.width;
      if (thumbnail.height) item.thumbnailHeight = thumbnail.height;
    }
    return item;
  }
}
