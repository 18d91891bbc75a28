import { IssueEntity } from './issue.entity';
import { timeAgo, toIssueObject } from './issue.mapper';

describe('issue mapper', () => {
  it('says how long ago as Wordfence does', () => {
    expect(timeAgo(0)).toBe('0 secs');
    expect(timeAgo(1)).toBe('1 sec');
    expect(timeAgo(59)).toBe('59 secs');
    expect(timeAgo(60)).toBe('1 min');
    expect(timeAgo(7200)).toBe('2 hours');
    expect(timeAgo(86400 * 3)).toBe('3 days');
    expect(timeAgo(86400 * 400)).toBe('1 year');
  });

  it("maps a row with the site's time zone for displayTime", () => {
    const issue = Object.assign(new IssueEntity(), {
      id: 7,
      time: 1_700_000_000,
      lastUpdated: 1_700_000_100,
      status: 'new',
      type: 'file',
      severity: 75,
      ignoreP: 'a'.repeat(32),
      ignoreC: 'b'.repeat(32),
      shortMsg: 's',
      longMsg: '<p>l</p>',
      data: '{"file":"x.js"}',
    });
    expect(toIssueObject(issue, 3, 'Europe/Oslo', 1_700_000_120_000)).toEqual({
      id: 7,
      time: 1_700_000_000,
      lastUpdated: 1_700_000_100,
      status: 'new',
      type: 'file',
      severity: 75,
      ignoreP: 'a'.repeat(32),
      ignoreC: 'b'.repeat(32),
      shortMsg: 's',
      longMsg: '<p>l</p>',
      data: { file: 'x.js' },
      sortTag: `file:${'a'.repeat(32)}`,
      timeAgo: '2 mins',
      displayTime: 'November 14, 2023 11:13 pm',
      issueIDX: 3,
    });
  });
});
