import { Injectable, Logger } from '@nestjs/common';
import type { PostEntity } from './post.entity';

/** Listener of committed post/page changes (e.g. the redirect monitor). */
export interface PostLifecycleListener {
  /** After an update committed: the post as it was and as it is now. */
  updated?(before: PostEntity, after: PostEntity): Promise<void>;
  /** After a post was moved to the trash: the post as it was before. */
  trashed?(before: PostEntity): Promise<void>;
}

/**
 * A small event hook on the posts service (WordPress's `post_updated` / `wp_trash_post` actions): other
 * modules register listeners; they run after the write committed, and their failures are logged, never
 * turned into a failed write.
 */
@Injectable()
export class PostLifecycle {
  private readonly logger = new Logger('PostLifecycle');
  private readonly listeners: PostLifecycleListener[] = [];

  register(listener: PostLifecycleListener): void {
    this.listeners.push(listener);
  }

  async updated(before: PostEntity, after: PostEntity): Promise<void> {
    for (const listener of this.listeners) {
      await listener
        .updated?.(before, after)
        .catch((err: unknown) => this.logger.error({ err }, 'post_updated listener failed'));
    }
  }

  async trashed(before: PostEntity): Promise<void> {
    for (const listener of this.listeners) {
      await listener
        .trashed?.(before)
        .catch((err: unknown) => this.logger.error({ err }, 'wp_trash_post listener failed'));
    }
  }
}
