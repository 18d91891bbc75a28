import { Injectable } from '@nestjs/common';
import type { RestUser } from '../../../platform/rest';

/** What the media library needs to know about the post an attachment is attached to. */
export interface AttachmentParent {
  /** The post's public link (an attachment's link is `{post link}{attachment slug}/`). */
  link: string;
  /** Whether the user may read the post (an attachment inherits its post's visibility). */
  readable: boolean;
  /** Whether the user may edit the post (needed to upload media to it). */
  editable: boolean;
}

/** A module owning post-like objects that attachments can be attached to (posts and pages, ...). */
export interface AttachmentParentSource {
  /** The parents among `ids` this source owns, as seen by `user` (one batch, no query per id). */
  describe(ids: readonly number[], user: RestUser | null): Promise<Map<number, AttachmentParent>>;
}

/**
 * The owners of attachable posts register here (`onModuleInit`), so the media library reads its parents without
 * importing the content modules (which import it).
 */
@Injectable()
export class AttachmentParents {
  private readonly sources: AttachmentParentSource[] = [];

  register(source: AttachmentParentSource): void {
    this.sources.push(source);
  }

  async describe(ids: readonly number[], user: RestUser | null): Promise<Map<number, AttachmentParent>> {
    const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
    const found = new Map<number, AttachmentParent>();
    if (wanted.length === 0) return found;
    for (const source of this.sources) {
      for (const [id, parent] of await source.describe(wanted, user)) found.set(id, parent);
    }
    return found;
  }
}
