import { createHash } from 'node:crypto';

export interface TargetUser {
  id: number;
  login: string;
}

/**
 * The `redirection_url_target` filter (`Red_Url_Transform`): shortcodes in a target (`[userid]`,
 * `[userlogin]`, `[unixtime]`, `[md5]…[/md5]`, `[upper]…`, `[lower]…`, `[dashes]…`, `[underscores]…`, legacy
 * `%userid%`/`%userlogin%`).
 */
export function expandShortcodes(target: string, user: TargetUser | null, now: number): string {
  let result = target
    .replace(/%userid%/g, String(user?.id ?? 0))
    .replace(/%userlogin%/g, user?.login ?? '')
    .replace(/\[userid\]/g, String(user?.id ?? 0))
    .replace(/\[userlogin\]/g, user?.login ?? '')
    .replace(/\[unixtime\]/g, String(Math.floor(now / 1000)));
  const wrapped: Record<string, (text: string) => string> = {
    md5: (text) => createHash('md5').update(text).digest('hex'),
    upper: (text) => text.toUpperCase(),
    lower: (text) => text.toLowerCase(),
    dashes: (text) => text.replace(/_/g, '-'),
    underscores: (text) => text.replace(/-/g, '_'),
  };
  for (const [code, transform] of Object.entries(wrapped)) {
    result = result.replace(new RegExp(`\\[${code}\\]([\\s\\S]*?)\\[/${code}\\]`, 'g'), (_, inner: string) =>
      transform(inner),
    );
  }
  return result;
}

/** Whether a target uses user shortcodes (so the user must be known). */
export function needsUser(target: string): boolean {
  return /\[user(id|login)\]|%user(id|login)%/.test(target);
}
