/** `YYYY-MM-DD HH:MM:SS` in UTC, the stored form of every date-time column. */
export function formatDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function nowUtc(): string {
  return formatDateTime(new Date());
}
