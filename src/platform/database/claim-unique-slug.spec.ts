import { claimUniqueSlug } from './claim-unique-slug';

const collision = Object.assign(new Error('duplicate'), { collision: true });
const isCollision = (error: unknown) => (error as { collision?: boolean }).collision === true;

describe('claimUniqueSlug', () => {
  it('writes the desired slug when the write succeeds', async () => {
    const written: string[] = [];
    const result = await claimUniqueSlug({
      desired: 'news',
      taken: async () => new Set(),
      write: async (slug) => {
        written.push(slug);
        return slug;
      },
      isCollision,
    });
    expect(result).toBe('news');
    expect(written).toEqual(['news']);
  });

  it('takes the next suffix when a parallel writer took the slug after it was read', async () => {
    const stored = new Set(['news']);
    const invisible = new Set(['news-2']); // committed by others, not yet visible to the read
    const result = await claimUniqueSlug({
      desired: 'news',
      taken: async () => stored,
      write: async (slug) => {
        if (stored.has(slug) || invisible.has(slug)) throw collision;
        stored.add(slug);
        return slug;
      },
      isCollision,
    });
    expect(result).toBe('news-3');
  });

  it('lets other errors through, and may stop after a collision', async () => {
    await expect(
      claimUniqueSlug({
        desired: 'a',
        taken: async () => new Set(),
        write: async () => {
          throw new Error('other');
        },
        isCollision,
      }),
    ).rejects.toThrow('other');
    await expect(
      claimUniqueSlug({
        desired: 'a',
        taken: async () => new Set(),
        write: async () => {
          throw collision;
        },
        isCollision,
        afterCollision: async () => {
          throw new Error('name taken');
        },
      }),
    ).rejects.toThrow('name taken');
  });

  it('gives up (database unavailable) after too many collisions', async () => {
    await expect(
      claimUniqueSlug({
        desired: 'a',
        taken: async () => new Set(),
        write: async () => {
          throw collision;
        },
        isCollision,
      }),
    ).rejects.toMatchObject({ name: 'DatabaseUnavailableError' });
  });
});
