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
  /**
   * Relations in the order added, as a plain object rather than a Map: the answer is this object itself (no copy
   * per item), and items built alike share one shape, which JSON.stringify walks fast.
   */
  private readonly rels: Record<string, LinkObject[]> = {};
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
    // Attributes first, then href (the order WordPress's links keep); copied key by key, cheaper than a spread.
    let link: LinkObject;
    if (attributes) {
      link = {} as LinkObject;
      for (const key in attributes) link[key] = attributes[key];
      link.href = href;
    } else {
      link = { href };
    }
    const list = this.rels[name];
    if (list) list.push(link);
    else this.rels[name] = [link];
    return this;
  }

  /** The `_links` object (the set's own: add nothing after this). */
  toJSON(): Record<string, LinkObject[] | Array<{ name: string; href: string; templated: boolean }>> {
    const result: Record<string, any> = this.rels;
    if (this.compacted) result.curies = [{ name: 'wp', href: `${API_REL}{rel}`, templated: true }];
    return result;
  }
}
