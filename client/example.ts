// Type-checked in CI against the generated client (npm run openapi:client): fails when the document stops
// describing these answers the way clients read them.
import type { components, paths } from './site-api';

type Post = components['schemas']['Post'];
type PostList = paths['/core/v2/posts']['get']['responses']['200']['content']['application/json'];
type EventArchive = paths['/cal/events/v1/events']['get']['responses']['200']['content']['application/json'];
type PostQuery = NonNullable<paths['/core/v2/posts']['get']['parameters']['query']>;

export function titles(list: PostList): string[] {
  return list.map((post: Post) => String(post.id));
}

export function eventCount(archive: EventArchive): number {
  return archive.events.length;
}

export const query: PostQuery = { per_page: 10, page: 2 };
