export { formatDateTime, formatWpDate, formatWpDateUtc, nowUtc, parseWpDate, restDate } from './wp-date';
export { wallClockInZone, wallClockOf } from './wall-clock';
export type { WallClock } from './wall-clock';
