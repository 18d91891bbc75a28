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
  /** Some relation was compacted to `wp:` (toJSON then adds `curies`). */
  private compacted = false;

  add(rel: string, href: string, attributes?: LinkAttributes): this {
    let name = rel;
    if (rel.startsWith(API_REL)) {
      name = `wp:${rel.slice(API_REL.length)}`;
      this.compacted = true;
    } else if (rel.startsWith('wp:')) {
      this.compacted = true;
    }
    // Attributes first, then href (the order WordPress's links keep).
    const link: LinkObject = attributes ? { ...attributes, href } : { href };
    const list = this.rels.get(name);
    if (list) list.push(link);
    else this.rels.set(name, [link]);
    return this;
  }

  toJSON(): Record<string, LinkObject[] | Array<{ name: string; href: string; templated: boolean }>> {
    const result: Record<string, any> = Object.fromEntries(this.rels);
    if (this.compacted) result.curies = [{ name: 'wp', href: `${API_REL}{rel}`, templated: true }];
    return result;
  }
}
