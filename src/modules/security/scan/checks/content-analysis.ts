import type { Signatures } from '../signatures';

/** One problem found in a piece of HTML. */
export interface ContentFinding {
  /** `foreign-script`, `inline-script`, `foreign-iframe`, `hidden-link` or a signature id. */
  rule: string;
  severity: number;
  description: string;
  /** The flagged markup (at most 200 characters). */
  excerpt: string;
  /** Where the markup to strip starts and ends in the analysed text. */
  start: number;
  end: number;
}

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?(?:<\/script\s*>|$)/gi;
const IFRAME_ELEMENT = /<iframe\b[^>]*>(?:[\s\S]*?<\/iframe\s*>)?/gi;
const HIDDEN_CONTAINER =
  /<(div|span|p|section|a)\b[^>]*\bstyle\s*=\s*("[^"]*"|'[^']*')[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HIDING_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|em|rem|pt|%)?\s*(?:;|$|["'])|(?:left|top|text-indent)\s*:\s*-\d{3,}px|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|["'])|(?:height|width)\s*:\s*0(?:px)?\s*(?:;|$|["'])/i;
const SRC_ATTRIBUTE = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

function excerptOf(text: string): string {
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/** The host of a src URL (`//host/...`, `https://host/...`); null for relative URLs. */
function hostOf(url: string): string | null {
  const trimmed = url.trim();
  if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed.startsWith('//') ? `https:${trimmed}` : trimmed).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Finds injected or spam markup in stored HTML: scripts loaded from foreign hosts, inline scripts, frames of
 * foreign hosts, links hidden from readers, and the signature file's malware/spam patterns. `ownHost` and
 * the signature file's trusted hosts are not foreign.
 */
export function analyseContent(html: string, ownHost: string, signatures: Signatures): ContentFinding[] {
  if (!html || (html.indexOf('<') < 0 && !/eval|coinhive|function/i.test(html))) return [];
  const findings: ContentFinding[] = [];
  const isForeign = (host: string | null) =>
    host !== null && host !== ownHost && !signatures.trustedHosts.has(host);
  const elements: Array<{ start: number; end: number }> = [];

  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const openTag = match[0].slice(0, match[0].indexOf('>') + 1);
    const src = SRC_ATTRIBUTE.exec(openTag);
    const url = src ? (src[1] ?? src[2] ?? src[3] ?? '') : null;
    const range = { start: match.index, end: match.index + match[0].length };
    elements.push(range);
    if (url === null) {
      findings.push({
        rule: 'inline-script',
        severity: 50,
        description: 'Inline <script> in stored content',
        excerpt: excerptOf(match[0]),
        ...range,
      });
    } else if (isForeign(hostOf(url))) {
      findings.push({
        rule: 'foreign-script',
        severity: 100,
        description: `<script> loaded from a foreign host (${hostOf(url)})`,
        excerpt: excerptOf(match[0]),
        ...range,
      });
    }
  }
  for (const match of html.matchAll(IFRAME_ELEMENT)) {
    const src = SRC_ATTRIBUTE.exec(match[0].slice(0, match[0].indexOf('>') + 1));
    const host = src ? hostOf(src[1] ?? src[2] ?? src[3] ?? '') : null;
    if (!isForeign(host)) continue;
    const range = { start: match.index, end: match.index + match[0].length };
    elements.push(range);
    findings.push({
      rule: 'foreign-iframe',
      severity: 75,
      description: `<iframe> of a foreign host (${host})`,
      excerpt: excerptOf(match[0]),
      ...range,
    });
  }
  for (const match of html.matchAll(HIDDEN_CONTAINER)) {
    if (!HIDING_STYLE.test(match[2]) || !/<a\b[^>]*\bhref\s*=/i.test(match[0])) continue;
    const range = { start: match.index, end: match.index + match[0].length };
    elements.push(range);
    findings.push({
      rule: 'hidden-link',
      severity: 75,
      description: 'Link hidden from readers (SEO spam)',
      excerpt: excerptOf(match[0]),
      ...range,
    });
  }
  for (const signature of signatures.content) {
    for (const match of signature.pattern.matchAll(html)) {
      const at = match.index;
      // Inside a script, frame or hidden block already found: stripping that element removes it.
      const enclosing = elements.find((range) => range.start <= at && at < range.end);
      findings.push({
        rule: signature.id,
        severity: signature.severity,
        description: signature.description,
        excerpt: excerptOf(match[0]),
        start: enclosing?.start ?? at,
        end: enclosing?.end ?? at + match[0].length,
      });
    }
  }
  return findings;
}

/** The text with every finding's markup removed (overlapping ranges merged). */
export function stripFindings(html: string, findings: readonly ContentFinding[]): string {
  const ranges = findings.map((f) => [f.start, f.end] as const).sort((a, b) => a[0] - b[0]);
  let result = '';
  let position = 0;
  for (const [start, end] of ranges) {
    if (end <= position) continue;
    result += html.slice(position, Math.max(start, position));
    position = end;
  }
  return result + html.slice(position);
}
