import { pickUniqueSlug, UniqueSlugOptions } from '../common/slug';
import { DatabaseUnavailableError } from './db-errors';

export interface SlugClaim<T> {
  /** The slug asked for (already sanitised). */
  desired: string;
  /** Slugs taken now, read in the writer's transaction (READ COMMITTED sees rows committed meanwhile). */
  taken: () => Promise<ReadonlySet<string>>;
  /** Writes the row with `slug`. */
  write: (slug: string) => Promise<T>;
  /** Whether an error of `write` is a collision with the unique slug index. */
  isCollision: (error: unknown) => boolean;
  /** Runs after a collision, before the next suffix is tried; may throw (e.g. the name is taken now too). */
  afterCollision?: () => Promise<void>;
  options?: UniqueSlugOptions;
}

/** Collisions tolerated before giving up (each is one refused INSERT/UPDATE of a parallel writer). */
const MAX_COLLISIONS = 100;

/**
 * wp_unique_post_slug without its read-then-write race: picks the first free slug, writes, and when a
 * parallel writer took that slug in the meantime (the unique index refuses the row) goes on with the next
 * suffix. The unique index decides; the read only saves most of the refused writes.
 */
export async function claimUniqueSlug<T>(claim: SlugClaim<T>): Promise<T> {
  const refused = new Set<string>();
  for (;;) {
    const taken = new Set(await claim.taken());
    for (const slug of refused) taken.add(slug);
    const slug = pickUniqueSlug(claim.desired, taken, claim.options);
    try {
      return await claim.write(slug);
    } catch (error) {
      if (!claim.isCollision(error)) throw error;
      refused.add(slug);
      await claim.afterCollision?.();
      if (refused.size >= MAX_COLLISIONS) {
        throw new DatabaseUnavailableError(`Too many parallel writers of the slug "${claim.desired}"`, error);
      }
    }
  }
}
