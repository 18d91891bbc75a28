import { EVENT_CAPS } from '../../../platform/auth';
import type { RestUser } from '../../../platform/rest';
import { archiveStatuses, parseStatusList, scaleBackStatus } from './post-status';

const user = (caps: string[]): RestUser => ({
  id: 1,
  login: 'u',
  roles: [],
  can: (cap) => caps.includes(cap),
});

describe('scaleBackStatus', () => {
  it('keeps the requested status (default publish) for publishers', () => {
    const publisher = user([EVENT_CAPS.publish]);
    expect(scaleBackStatus(undefined, publisher)).toBe('publish');
    expect(scaleBackStatus('draft', publisher)).toBe('draft');
    expect(scaleBackStatus('future', publisher)).toBe('future');
  });

  it('scales publish/future back to pending and defaults to draft for others', () => {
    const contributor = user([EVENT_CAPS.edit]);
    expect(scaleBackStatus('publish', contributor)).toBe('pending');
    expect(scaleBackStatus('future', contributor)).toBe('pending');
    expect(scaleBackStatus(undefined, contributor)).toBe('draft');
    expect(scaleBackStatus('private', contributor)).toBe('private');
    expect(scaleBackStatus('publish', null)).toBe('pending');
  });
});

describe('archive statuses', () => {
  it('parses CSV and arrays', () => {
    expect(parseStatusList('publish, draft')).toEqual(['publish', 'draft']);
    expect(parseStatusList(['publish', 'pending'])).toEqual(['publish', 'pending']);
  });

  it('defaults to what the caller may see', () => {
    expect(archiveStatuses(undefined, null, EVENT_CAPS)).toEqual(['publish']);
    expect(archiveStatuses(undefined, user([EVENT_CAPS.edit]), EVENT_CAPS)).toContain('draft');
    expect(archiveStatuses(['any'], null, EVENT_CAPS)).not.toContain('trash');
  });
});
