import type { OEmbedItem, OEmbedSource } from '../../../src/modules/oembed';

export const HELLO: OEmbedItem = {
  type: 'post',
  id: 5,
  title: 'Hello &#8220;World&#8221;',
  authorName: 'Jane Author',
  authorUrl: 'http://example.test/author/jane/',
  link: 'http://example.test/2026/11/hello-world/',
  excerptHtml: '<p>The short version.</p>',
  contentHtml: '<p>The long version of the story.</p>',
};

export const ABOUT: OEmbedItem = {
  type: 'page',
  id: 7,
  title: 'About us',
  authorName: '',
  authorUrl: '',
  link: 'http://example.test/about/',
  excerptHtml: '<p>Who we are.</p>',
  contentHtml: '<p>All about us.</p>',
  thumbnailUrl: 'http://example.test/uploads/about.jpg',
  thumbnailWidth: 300,
  thumbnailHeight: 200,
};

/** A content source standing in for the posts/pages module: exact permalinks, with or without the slash. */
export class FakeSource implements OEmbedSource {
  constructor(private readonly items: OEmbedItem[]) {}

  async resolveUrl(url: string): Promise<OEmbedItem | null> {
    const normalized = url.replace(/\/?$/, '/');
    return this.items.find((item) => item.link === normalized) ?? null;
  }
}
