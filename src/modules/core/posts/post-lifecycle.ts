import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PostEntity } from './post.entity';

/**
 * What another module hears of posts and pages (WordPress's `post_updated`, `wp_trash_post`, `transition_post_status`
 * and `delete_post` actions). The in-transaction hooks keep dependent rows in step (comments); the after-commit
 * hooks react to what was stored (the redirect monitor).
 */
export interface PostLifecycleListener {
  /** Inside the write's transaction: the status changed (trash, untrash, publish...). */
  statusChanged?(postId: number, from: string, to: string, manager: EntityManager): Promise<void>;
  /** Inside the delete's transaction: the post is about to be deleted for good. */
  deleting?(postId: number, manager: EntityManager): Promise<void>;
  /** After an update committed: the post as it was and as it is now. */
  updated?(before: PostEntity, after: PostEntity): Promise<void>;
  /** After a post was moved to the trash: the post as it was before. */
  trashed?(before: PostEntity): Promise<void>;
}

/**
 * The posts service's event hook: other modules register listeners. In-transaction hooks fail the write with
 * their error; after-commit hooks are logged, never turned into a failed write.
 */
@Injectable()
export class PostLifecycle {
  private readonly logger = new Logger('PostLifecycle');
  private readonly listeners: PostLifecycleListener[] = [];

  register(listener: PostLifecycleListener): void {
    this.listeners.push(listener);
  }

  async statusChanged(postId: number, from: string, to: string, manager: EntityManager): Promise<void> {
    if (from === to) return;
    for (const listener of this.listeners) await listener.statusChanged?.(postId, from, to, manager);
  }

  async deleting(postId: number, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener.deleting?.(postId, manager);
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
