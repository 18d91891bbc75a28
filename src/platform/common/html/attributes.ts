const ATTRIBUTE = /([\w:-]+)\s*=\s*"([^"]*)"|([\w:-]+)\s*=\s*'([^']*)'|([\w:-]+)\s*=\s*([^\s'"]+)/g;

/** The attributes of one HTML tag's inner text (`<link rel="icon" href=…>` → `{rel, href}`), names lowercased. */
export function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = (match[1] ?? match[3] ?? match[5]).toLowerCase();
    attributes[name] = match[2] ?? match[4] ?? match[6] ?? '';
  }
  return attributes;
}

/** The document's `<head>` (the whole text when it has no closing head tag). */
export function headOf(html: string): string {
  const end = html.search(/<\/head>/i);
  return end > 0 ? html.slice(0, end) : html;
}
