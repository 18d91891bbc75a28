import type { DataSource } from 'typeorm';
import { LeanLookup } from '../../../platform/database';
import { PostEntity } from './post.entity';

/** The columns of a post its read permission depends on: type, status (and before trash), author, password. */
export const POST_ACCESS_PROPERTIES = [
  'id',
  'type',
  'status',
  'authorId',
  'password',
  'trashMetaStatus',
] as const satisfies ReadonlyArray<keyof PostEntity>;

/** A post as far as its read permission goes (a light read of wide rows, for many posts' checks at once). */
export type PostAccess = Pick<PostEntity, (typeof POST_ACCESS_PROPERTIES)[number]>;

/**
 * Posts and pages by ID as far as their read permission goes, for the checks of many links at once (the
 * `replies` and `wp:term` links of `_embed`); reads of every instance meet in one batched query.
 */
export class PostAccessLookup {
  private readonly lookup: LeanLookup<PostAccess>;

  constructor(dataSource: DataSource) {
    this.lookup = new LeanLookup<PostAccess>(dataSource, PostEntity, POST_ACCESS_PROPERTIES);
  }

  /** The posts and pages among `ids` (other types and missing IDs are left out). */
  async byIds(ids: readonly number[]): Promise<Map<number, PostAccess>> {
    const found = await this.lookup.byIdsBatched(ids.filter((id) => id > 0));
    return new Map(
      found.filter((post) => post.type === 'post' || post.type === 'page').map((post) => [post.id, post]),
    );
  }
}
