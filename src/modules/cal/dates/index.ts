export { parseEventDateInput } from './event-date-parser';
export { resolveTimezone, timezoneAbbreviation, formatUtcOffset } from './timezones';
export type { ResolvedTimezone } from './timezones';
export { dateDetails } from './date-details';
export type { DateDetails } from './date-details';
export {
  allDaySpan,
  archiveDateConditions,
  defaultArchiveWindow,
  InvalidEventDateError,
  isTruthyFlag,
  normalizeEventSpan,
  resolveArchiveDateFilter,
  toSiteMoment,
  widenToDay,
} from './event-window';
export type {
  ArchiveDateFilter,
  ArchiveDateParam,
  ArchiveDateQuery,
  DayEdge,
  EventDateConditions,
  SiteMoment,
} from './event-window';
