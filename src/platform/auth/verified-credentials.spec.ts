import type { AppConfig } from '../config';
import type { LastChanged } from '../database';
import { SiteUser } from './site-user';
import type { UserEntity } from './users/user.entity';
import { VerifiedCredentials } from './verified-credentials';

function setup(seconds = 60) {
  // The `auth` stamp as the authenticator reads it with the lock-out; undefined: the database could not say.
  const stamps: Record<string, string | undefined> = { auth: 'a' };
  const lastChanged = { track: jest.fn() } as unknown as LastChanged;
  const cache = new VerifiedCredentials(lastChanged, { authCacheSeconds: seconds } as AppConfig);
  let verified = 0;
  const verify = jest.fn(async () => {
    verified += 1;
    return new SiteUser({ id: 7, login: 'ana', role: 'editor' } as UserEntity, 'uuid-1');
  });
  const remember = (authorization: string, check: () => Promise<SiteUser>) =>
    cache.remember(authorization, stamps.auth, check);
  return { remember, stamps, verify, verified: () => verified, lastChanged };
}

describe('VerifiedCredentials', () => {
  it('tracks users and application passwords under the auth stamp', () => {
    const { lastChanged } = setup();
    expect(lastChanged.track).toHaveBeenCalledWith('auth', ['users', 'application_passwords']);
  });

  it('verifies a credential once while the auth stamp stays the same', async () => {
    const { remember, verify, verified } = setup();
    const first = await remember('Basic abc', verify);
    const second = await remember('Basic abc', verify);
    expect(verified()).toBe(1);
    expect(second.id).toBe(7);
    expect(second.applicationPasswordUuid).toBe('uuid-1');
    // Every request gets its own copy.
    expect(second).not.toBe(first);
    expect(second.entity).not.toBe(first.entity);
  });

  it('verifies again after a change to users or passwords (a new stamp)', async () => {
    const { remember, verify, verified, stamps } = setup();
    await remember('Basic abc', verify);
    stamps.auth = 'b';
    await remember('Basic abc', verify);
    expect(verified()).toBe(2);
  });

  it('keeps credentials apart and never keeps a failure', async () => {
    const { remember, verify, verified } = setup();
    await remember('Basic abc', verify);
    await remember('Basic other', verify);
    expect(verified()).toBe(2);
    const failing = jest.fn(async () => {
      throw new Error('incorrect');
    });
    await expect(remember('Basic bad', failing)).rejects.toThrow('incorrect');
    await expect(remember('Basic bad', failing)).rejects.toThrow('incorrect');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('verifies every time with AUTH_CACHE_SECONDS=0, or when the stamp cannot be read', async () => {
    const off = setup(0);
    await off.remember('Basic abc', off.verify);
    await off.remember('Basic abc', off.verify);
    expect(off.verified()).toBe(2);
    const down = setup();
    down.stamps.auth = undefined;
    await down.remember('Basic abc', down.verify);
    await down.remember('Basic abc', down.verify);
    expect(down.verified()).toBe(2);
  });

  it('trusts a verification for AUTH_CACHE_SECONDS at most', async () => {
    const { remember, verify, verified } = setup(60);
    const now = jest.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    await remember('Basic abc', verify);
    now.mockReturnValue(1_000_000 + 59_000);
    await remember('Basic abc', verify);
    expect(verified()).toBe(1);
    now.mockReturnValue(1_000_000 + 61_000);
    await remember('Basic abc', verify);
    expect(verified()).toBe(2);
    now.mockRestore();
  });
});
