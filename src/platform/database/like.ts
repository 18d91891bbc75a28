/** Escapes LIKE wildcards with `!` (use `ESCAPE '!'`): backslash literals differ between SQLite and MySQL. */
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

/** `LIKE` pattern for a contains-search (use `ESCAPE '!'`). */
export function likeContains(text: string): string {
  return `%${likeEscape(text)}%`;
}

/** `LIKE` pattern for a starts-with search (use `ESCAPE '!'`). */
export function likePrefix(text: string): string {
  return `${likeEscape(text)}%`;
}
