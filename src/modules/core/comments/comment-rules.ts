/**
 * WordPress's moderation rules as pure functions (wp-includes/comment.php): check_comment,
 * wp_check_comment_disallowed_list and the link count of comment_max_links.
 */

export interface ModerationSettings {
  moderation: boolean;
  previouslyApproved: boolean;
  maxLinks: number;
  moderationKeys: string;
  disallowedKeys: string;
}

export interface CommentFields {
  authorName: string;
  authorEmail: string;
  authorUrl: string;
  content: string;
  authorIp: string;
  authorAgent: string;
}

/** The words of a keys option: one per line, trimmed, empty lines skipped. */
export function keyWords(option: string): string[] {
  return option
    .split('\n')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

function containsWord(haystack: string, word: string): boolean {
  return haystack.toLocaleLowerCase().includes(word.toLocaleLowerCase());
}

function anyFieldContains(fields: CommentFields, word: string, decodedContent: string): boolean {
  return (
    containsWord(fields.authorName, word) ||
    containsWord(fields.authorEmail, word) ||
    containsWord(fields.authorUrl, word) ||
    containsWord(fields.content, word) ||
    containsWord(decodedContent, word) ||
    containsWord(fields.authorIp, word) ||
    containsWord(fields.authorAgent, word)
  );
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Character references decoded (wp_check_comment_disallowed_list also checks the decoded content). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Whether a disallowed word occurs in any field (the comment then goes to the trash). */
export function isDisallowed(
  fields: CommentFields,
  settings: Pick<ModerationSettings, 'disallowedKeys'>,
): boolean {
  const decoded = decodeEntities(fields.content);
  return keyWords(settings.disallowedKeys).some((word) => anyFieldContains(fields, word, decoded));
}

/**
 * Links as comment_max_links counts them: `<a … href` in the content after make_clickable (so bare
 * http(s):// and www. addresses count too).
 */
export function countLinks(content: string): number {
  const anchors = content.match(/<a [^>]*href/gi)?.length ?? 0;
  // Bare addresses outside tags and outside existing anchors' text.
  const outside = content.replace(/<a\b[\s\S]*?<\/a>/gi, ' ').replace(/<[^>]*>/g, ' ');
  const bare = outside.match(/(?:^|[\s>(])(?:https?:\/\/|www\.)[^\s<]+/gi)?.length ?? 0;
  return anchors + bare;
}

/**
 * check_comment: true when the comment may be approved without moderation. `hasApprovedBefore` is asked
 * only when the previously-approved rule applies (it costs a query).
 */
export async function passesModeration(
  fields: CommentFields,
  settings: ModerationSettings,
  hasApprovedBefore: () => Promise<boolean>,
): Promise<boolean> {
  if (settings.moderation) return false;
  if (settings.maxLinks > 0 && countLinks(fields.content) >= settings.maxLinks) return false;
  const decoded = decodeEntities(fields.content);
  if (keyWords(settings.moderationKeys).some((word) => anyFieldContains(fields, word, decoded))) return false;
  if (settings.previouslyApproved) {
    if (fields.authorName === '' || fields.authorEmail === '') return false;
    return hasApprovedBefore();
  }
  return true;
}
