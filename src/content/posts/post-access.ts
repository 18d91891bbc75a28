import type { PostEntity } from './post.entity';

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
