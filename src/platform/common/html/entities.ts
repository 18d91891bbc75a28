function fromCodePoint(code: number, reference: string): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : reference;
}

/** htmlspecialchars_decode plus numeric references: `&amp;`, `&lt;`, `&#8217;`, `&#x2019;`… become characters. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (reference, hex: string) => fromCodePoint(parseInt(hex, 16), reference))
    .replace(/&#(\d+);/g, (reference, dec: string) => fromCodePoint(Number(dec), reference))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
