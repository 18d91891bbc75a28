import { PLUGIN_VERSION } from '../settings/settings.types';
import type { Redirect, SourceFlags } from '../shared/redirect-types';
import { effectiveFlags } from '../redirects/redirect-sanitizer';

/** A redirect with its flags in force, as the exporters need it. */
export interface ExportItem {
  redirect: Redirect;
  flags: SourceFlags;
}

export function exportItem(redirect: Redirect, defaults: SourceFlags): ExportItem {
  return { redirect, flags: effectiveFlags(redirect.matchData, redirect.regex, defaults) };
}

/** RFC 2822 date, as PHP's `date('r')` in UTC. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

function header(date: Date): string[] {
  return [
    '# Created by Redirection',
    `# ${rfc2822(date)}`,
    `# Redirection ${PLUGIN_VERSION} - https://redirection.me`,
    '',
  ];
}

// ------------------------------------------------------------------------------------------------- CSV

function csvString(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** CSV export (`Red_Csv_File`): header row, one quoted line per redirect. */
export function exportCsv(items: ExportItem[]): string {
  const lines = ['source,target,regex,code,type,hits,title,status'];
  for (const { redirect } of items) {
    const code = redirect.actionCode;
    let target =
      typeof redirect.actionData?.url === 'string' && redirect.matchType === 'url'
        ? String(redirect.actionData.url)
        : '/unknown';
    if (redirect.actionType === 'error' || (code >= 401 && code <= 499)) target = '';
    lines.push(
      [
        csvString(redirect.url),
        csvString(target),
        redirect.regex ? 1 : 0,
        code,
        csvString(redirect.actionType),
        redirect.hits,
        csvString(redirect.title),
        csvString(redirect.enabled ? 'active' : 'disabled'),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Splits CSV text into rows of fields (RFC 4180 quoting) with the given delimiter. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((fields) => fields.some((value) => value.trim() !== ''));
}

/** The delimiter among `,` `;` `|` used most on the first line. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '|']) {
    const count = first.split(candidate).length - 1;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

const HTTP_CODES = new Set([
  300, 301, 302, 303, 304, 305, 307, 308, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412,
  413, 414, 415, 416, 417, 418, 421, 422, 423, 424, 426, 428, 429, 431, 451, 500, 501, 502, 503, 504, 505,
]);

/** A redirect to import (the create body the plugin's importers build). */
export type ImportedRedirect = Record<string, unknown>;

/** CSV import (`Red_Csv_File::load`): source, target, regex, code; header rows and no-op rows skipped. */
export function importCsv(text: string, groupId: number): ImportedRedirect[] {
  const result: ImportedRedirect[] = [];
  for (const fields of parseCsv(text.replace(/^\uFEFF/, ''), detectDelimiter(text))) {
    const [source = '', target = '', regexColumn, codeColumn] = fields.map((value) => value.trim());
    if (source.toLowerCase() === 'source' || target.toLowerCase() === 'target') continue;
    if (source === '' || source === target) continue;
    const regex =
      regexColumn !== undefined && regexColumn !== '' ? regexColumn === '1' : /[()[\]$^*]/.test(source);
    let code = Number(codeColumn);
    if (!HTTP_CODES.has(code)) code = 301;
    const error = code >= 401 && code <= 499;
    result.push({
      url: source,
      match_type: 'url',
      action_type: error ? 'error' : 'url',
      action_code: code,
      action_data: error ? undefined : { url: target },
      regex,
      group_id: groupId,
    });
  }
  return result;
}

// ------------------------------------------------------------------------------------------------- Apache

function apacheEscape(path: string): string {
  return encodeURIComponent(path)
    .replace(/%2F/gi, '/')
    .replace(/%3A/gi, ':')
    .replace(/%40/gi, '@')
    .replace(/\./g, '\\.')
    .replace(/[()*!']/g, (c) => `\\${c}`);
}

function apacheTarget(target: string): string {
  return target.replace(/ /g, '%20');
}

function regexFrom(url: string): string {
  return `^${url.replace(/^\^/, '').replace(/^\//, '')}`;
}

/** `.htaccess` rules of one redirect; only url, referrer, agent and server matches have an Apache form. */
function apacheRules(item: ExportItem): string[] {
  const { redirect, flags } = item;
  if (!['url', 'referrer', 'agent', 'server'].includes(redirect.matchType)) return [];
  const data = redirect.actionData ?? {};
  const lines: string[] = [];
  let from: string;
  const q = redirect.url.indexOf('?');
  if (redirect.regex) from = regexFrom(redirect.url);
  else {
    const path = q === -1 ? redirect.url : redirect.url.slice(0, q);
    const trimmed = path.replace(/^\//, '').replace(flags.flag_trailing ? /\/$/ : /$^/, '');
    from = `^${apacheEscape(trimmed)}${flags.flag_trailing ? '/?' : ''}$`;
    if (q !== -1)
      lines.push(`RewriteCond %{QUERY_STRING} ^${redirect.url.slice(q + 1).replace(/\./g, '\\.')}$`);
  }
  const target = redirect.matchType === 'url' ? data.url : data.url_from;
  const extra: string[] = [];
  if (flags.flag_case) extra.push('NC');
  if (flags.flag_query === 'pass') extra.push('QSA');
  const targetText = typeof target === 'string' ? target : '';
  if (/[#%]/.test(targetText)) extra.push('NE');
  let rule: string;
  switch (redirect.actionType) {
    case 'url':
      if (!targetText) return [];
      rule = `${apacheTarget(targetText)} [${[`R=${redirect.actionCode}`, 'L', ...extra].join(',')}]`;
      break;
    case 'pass':
      if (!targetText) return [];
      rule = `${apacheTarget(targetText)} [${['L', ...extra].join(',')}]`;
      break;
    case 'error':
      rule = `/ [${[redirect.actionCode === 410 ? 'G' : 'F', ...extra].join(',')}]`;
      break;
    default:
      return [];
  }
  if (redirect.matchType === 'server') {
    try {
      const host = new URL(String(data.server ?? '')).hostname;
      lines.push(`RewriteCond %{HTTP_HOST} ^${host.replace(/\./g, '\\.')}$ [NC]`);
    } catch {
      return [];
    }
  } else if (redirect.matchType === 'referrer' || redirect.matchType === 'agent') {
    const variable = redirect.matchType === 'referrer' ? 'HTTP_REFERER' : 'HTTP_USER_AGENT';
    const value = String(redirect.matchType === 'referrer' ? data.referrer : data.agent);
    lines.push(`RewriteCond %{${variable}} ${data.regex ? value : `^${value.replace(/\./g, '\\.')}$`} [NC]`);
  }
  lines.push(`RewriteRule ${from} ${rule}`);
  return lines;
}

/** The Apache block (`Red_Apache_File` / `Red_Htaccess`). */
export function exportApache(items: ExportItem[], https: boolean, date: Date): string {
  if (items.length === 0) return '\n';
  const lines = [...header(date), '<IfModule mod_rewrite.c>'];
  if (https)
    lines.push('RewriteCond %{HTTPS} off', 'RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [L,R=301]');
  for (const item of items) lines.push(...apacheRules(item));
  lines.push('</IfModule>', '', '# End of Redirection', '');
  return lines.join('\n');
}

function apacheCode(text: string | undefined, fallback: number): number {
  const value = (text ?? '').toLowerCase();
  if (value.includes('301') || value.includes('permanent')) return 301;
  if (value.includes('302')) return 302;
  if (value.includes('307') || value.includes('seeother')) return 307;
  if (value.includes('404') || value.includes('forbidden') || /(^|[\s,[])f([\s,\]]|$)/.test(value))
    return 404;
  if (value.includes('410') || value.includes('gone') || /(^|[\s,[])g([\s,\]]|$)/.test(value)) return 410;
  return fallback;
}

function unquote(text: string): string {
  return text.replace(/^"(.*)"$/, '$1');
}

/** Apache import (`Red_Apache_File::load`): RewriteRule, Redirect and RedirectMatch lines. */
export function importApache(text: string, groupId: number): ImportedRedirect[] {
  const result: ImportedRedirect[] = [];
  const make = (source: string, target: string, code: number, regex: boolean): ImportedRedirect => {
    const error = code === 404 || code === 410;
    return {
      url: source,
      match_type: 'url',
      action_type: error ? 'error' : 'url',
      action_code: code,
      action_data: error ? undefined : { url: target },
      regex,
      group_id: groupId,
    };
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    let match = /^RewriteRule\s+(\S+)\s+(\S+)(?:\s+\[([^\]]*)\])?/i.exec(line);
    if (match) {
      const [, pattern, target, flags] = match;
      // `^path/?$` with escaped dots is a plain source; anything else stays a regular expression.
      const candidate = pattern
        .replace(/^\^/, '')
        .replace(/\$$/, '')
        .replace(/\/\?$/, '')
        .replace(/\\(.)/g, '$1');
      if (candidate === '') continue;
      const plain = !/[()[\]*+?|^$\\{}]/.test(candidate);
      const source = plain ? `/${candidate.replace(/^\//, '')}` : pattern;
      result.push(make(source, target === '-' ? '' : target, apacheCode(flags, 302), !plain));
      continue;
    }
    match = /^RedirectMatch\s+(?:(\d{3}|permanent|temp|seeother|gone)\s+)?(\S+)\s+(\S+)?/i.exec(line);
    if (match) {
      const [, code, source, target] = match;
      result.push(make(unquote(source), unquote(target ?? ''), code ? apacheCode(code, 302) : 302, true));
      continue;
    }
    match = /^Redirect\s+(?:(\d{3}|permanent|temp|seeother|gone)\s+)?(\S+)(?:\s+(\S+))?/i.exec(line);
    if (match) {
      const [, code, source, target] = match;
      result.push(make(unquote(source), unquote(target ?? ''), code ? apacheCode(code, 302) : 302, false));
    }
  }
  return result.filter(
    (item) => item.url !== '' && item.url !== (item.action_data as { url?: string } | undefined)?.url,
  );
}

// ------------------------------------------------------------------------------------------------- Nginx

function nginxEscape(url: string): string {
  return encodeURIComponent(url).replace(/%2F/gi, '/').replace(/%3F/gi, '?').replace(/%3A/gi, ':');
}

/** The Nginx block (`Red_Nginx_File`): `rewrite` lines for url, agent and referrer matches. */
export function exportNginx(items: ExportItem[], date: Date): string {
  const lines = [...header(date), 'server {'];
  for (const { redirect, flags } of items) {
    if (!['url', 'agent', 'referrer'].includes(redirect.matchType)) continue;
    const data = redirect.actionData ?? {};
    const target = String((redirect.matchType === 'url' ? data.url : data.url_from) ?? '');
    const source = redirect.regex ? regexFrom(redirect.url) : `^${nginxEscape(redirect.url)}$`;
    const rewrite = `rewrite ${flags.flag_case ? '(?i)' : ''}${source} ${target} ${redirect.actionCode === 301 ? 'permanent' : 'redirect'};`;
    if (redirect.matchType === 'url') lines.push(`    ${rewrite}`);
    else {
      const variable = redirect.matchType === 'agent' ? '$http_user_agent' : '$http_referer';
      const value = String((redirect.matchType === 'agent' ? data.agent : data.referrer) ?? '');
      lines.push(`    if (${variable} ~* ^${value}$) {`, `        ${rewrite}`, '    }');
    }
  }
  lines.push('}', '', '# End of Redirection', '');
  return lines.join('\n');
}

// ------------------------------------------------------------------------------------------------- JSON

export function exportJson(groups: unknown[], redirects: unknown[], date: Date): string {
  return `${JSON.stringify({ plugin: { version: PLUGIN_VERSION, date: rfc2822(date) }, groups, redirects }, null, 4)}\n`;
}
