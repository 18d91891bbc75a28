/**
 * The plugin's permalink migration (`Red_Permalinks`, setting `permalinks`): a request the site answers 404 is read
 * with each old permalink structure in turn, as WordPress's rewrite rules would have read it then; the first
 * structure that reads it names the post it was for.
 */

/** The query variables an old structure's rewrite tags give (WordPress's post permalink tags). */
export interface PermalinkVars {
  year?: number;
  monthnum?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  postname?: string;
  post_id?: number;
  category?: string;
  author?: string;
}

/** Each rewrite tag's pattern, as WordPress's WP_Rewrite registers them. */
const TAGS: Record<string, string> = {
  '%year%': '([0-9]{4})',
  '%monthnum%': '([0-9]{1,2})',
  '%day%': '([0-9]{1,2})',
  '%hour%': '([0-9]{1,2})',
  '%minute%': '([0-9]{1,2})',
  '%second%': '([0-9]{1,2})',
  '%postname%': '([^/]+)',
  '%post_id%': '([0-9]+)',
  '%category%': '(.+?)',
  '%author%': '([^/]+)',
};

const NUMERIC = new Set(['year', 'monthnum', 'day', 'hour', 'minute', 'second', 'post_id']);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The variables `structure` reads from `path` (a decoded path without its query), or null when it does not read
 * it, or reads no post (a structure without `%postname%` or `%post_id%`).
 */
export function readWithStructure(structure: string, path: string): PermalinkVars | null {
  const names: string[] = [];
  const trimmed = `/${structure.trim().replace(/^\/+|\/+$/g, '')}`;
  const source = trimmed
    .split(/(%[a-z_]+%)/)
    .map((part) => {
      if (!(part in TAGS)) return escapeRegExp(part);
      names.push(part.slice(1, -1));
      return TAGS[part];
    })
    .join('');
  if (!names.includes('postname') && !names.includes('post_id')) return null;
  const match = new RegExp(`^${source}/?$`).exec(path);
  if (!match) return null;
  const vars: Record<string, string | number> = {};
  names.forEach((name, index) => {
    const value = match[index + 1];
    vars[name] = NUMERIC.has(name) ? Number(value) : value;
  });
  return vars as PermalinkVars;
}

/** Whether a post's local date (`Y-m-d H:i:s`) has the date parts a structure read, as WP_Query's date query. */
export function dateFits(date: string, vars: PermalinkVars): boolean {
  const [day, time = '00:00:00'] = date.split(' ');
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  const checks: Array<[number | undefined, number]> = [
    [vars.year, year],
    [vars.monthnum, month],
    [vars.day, dayOfMonth],
    [vars.hour, hour],
    [vars.minute, minute],
    [vars.second, second],
  ];
  return checks.every(([wanted, actual]) => wanted === undefined || wanted === actual);
}
