import { DateTime } from 'luxon';
import { IssueEntity } from './issue.entity';

/** Wordfence's wfUtils::makeTimeAgo: "1 min", "5 mins", "2 hours", "3 days", "1 month", "2 years". */
export function timeAgo(seconds: number): string {
  const units: Array<[number, string]> = [
    [31536000, 'year'],
    [2592000, 'month'],
    [604800, 'week'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'min'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  const count = Math.max(0, Math.floor(seconds));
  return `${count} sec${count === 1 ? '' : 's'}`;
}

/** An issue as wfIssues::getIssues returns it, with the site's date format for `displayTime`. */
export function toIssueObject(issue: IssueEntity, index: number, timeZone: string, now = Date.now()) {
  return {
    id: issue.id,
    time: issue.time,
    lastUpdated: issue.lastUpdated,
    status: issue.status,
    type: issue.type,
    severity: issue.severity,
    ignoreP: issue.ignoreP,
    ignoreC: issue.ignoreC,
    shortMsg: issue.shortMsg,
    longMsg: issue.longMsg,
    data: JSON.parse(issue.data) as Record<string, unknown>,
    sortTag: `${issue.type}:${issue.ignoreP}`,
    timeAgo: timeAgo(Math.floor(now / 1000) - issue.time),
    displayTime: DateTime.fromSeconds(issue.time, { zone: timeZone })
      .toFormat('LLLL d, yyyy h:mm a')
      .replace(/AM|PM/, (m) => m.toLowerCase()),
    issueIDX: index,
  };
}
