export interface LinkAttributes {
  embeddable?: boolean;
  [attribute: string]: unknown;
}

export interface LinkObject extends LinkAttributes {
  href: string;
}

const API_REL = 'https://api.w.org/';

/**
 * Builds a `_links` object. Relations under https://api.w.org/ are compacted to `wp:` with a `curies`
 * entry, as WordPress's get_compact_response_links does.
 */
export class LinkSet {
  private readonly rels = new Map<string, LinkObject[]>();

  add(rel: string, href: string, attributes: LinkAttributes = {}): this {
    const name = rel.startsWith(API_REL) ? `wp:${rel.slice(API_REL.length)}` : rel;
    const list = this.rels.get(name) ?? [];
    list.push({ ...attributes, href });
    this.rels.set(name, list);
    return this;
  }

  toJSON(): Record<string, LinkObject[] | Array<{ name: string; href: string; templated: boolean }>> {
    const result: Record<string, any> = Object.fromEntries(this.rels);
    if ([...this.rels.keys()].some((name) => name.startsWith('wp:'))) {
      result.curies = [{ name: 'wp', href: `${API_REL}{rel}`, templated: true }];
    }
    return result;
  }
}
