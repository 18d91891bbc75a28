import { DateTime, Zone } from 'luxon';
import { BoundedMemo } from '../memo';

/** A reading of a clock on the wall: calendar date plus time of day, with no zone attached. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const SIX_HOURS_MS = 6 * 60 * 60 * 1000;

/**
 * Readings by zone name: the same stored dates are read on every request, and each reading costs luxon several
 * Intl offset look-ups (it keeps no offset cache). DateTime values are immutable, so sharing them is safe.
 */
const readings = new BoundedMemo<{ value: DateTime<true> | null }>(20_000, 2_000_000, () => 64);

/**
 * The instant a wall-clock reading denotes in `zone`, or null when the reading is not a real
 * calendar date/time (e.g. 2026-02-30, 24:00) or the zone is unknown.
 *
 * DST: a reading inside the spring-forward gap moves forward by the gap (02:30 -> 03:30 in
 * Europe/Oslo), as PHP does. A reading in the repeated autumn hour resolves to the *earlier*
 * instant (summer time), again like PHP; luxon on its own would pick the later one.
 */
export function wallClockInZone(wall: WallClock, zone: string | Zone): DateTime<true> | null {
  // luxon accepts hour 24 as the next day's midnight; a stored or typed 24:00 is a mistake here.
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  if (typeof zone !== 'string') return readWallClock(wall, zone);
  const key = `${zone}\u0000${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
  return readings.get(key, () => ({ value: readWallClock(wall, zone) })).value;
}

function readWallClock(wall: WallClock, zone: string | Zone): DateTime<true> | null {
  const picked = DateTime.fromObject({ ...wall, millisecond: 0 }, { zone });
  if (!picked.isValid) return null;

  const offsetSixHoursEarlier = DateTime.fromMillis(picked.toMillis() - SIX_HOURS_MS, { zone }).offset;
  if (offsetSixHoursEarlier > picked.offset) {
    const earlier = DateTime.fromMillis(
      picked.toMillis() - (offsetSixHoursEarlier - picked.offset) * 60_000,
      { zone },
    );
    if (earlier.isValid && sameWallClock(earlier, picked)) return earlier;
  }
  return picked;
}

/** The wall-clock reading of `dt` in its own zone. */
export function wallClockOf(dt: DateTime): WallClock {
  return { year: dt.year, month: dt.month, day: dt.day, hour: dt.hour, minute: dt.minute, second: dt.second };
}

function sameWallClock(a: DateTime, b: DateTime): boolean {
  return (
    a.year === b.year &&
    a.month === b.month &&
    a.day === b.day &&
    a.hour === b.hour &&
    a.minute === b.minute &&
    a.second === b.second
  );
}
