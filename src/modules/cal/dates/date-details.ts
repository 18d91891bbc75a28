import { DateTime } from 'luxon';

/** TEC's `start_date_details` / `end_date_details` shape: every component a zero-padded string. */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

// Padding by hand rather than DateTime#toFormat keeps the output ASCII digits whatever locale luxon is set to.
function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `{year:"2017", month:"01", day:"05", hour:"14", minutes:"23", seconds:"36"}` for `dt` in its own zone. */
export function dateDetails(dt: DateTime): DateDetails {
  return {
    year: pad(dt.year, 4),
    month: pad(dt.month),
    day: pad(dt.day),
    hour: pad(dt.hour),
    minutes: pad(dt.minute),
    seconds: pad(dt.second),
  };
}
