import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A module that keeps data hanging off posts (comments) in step with them, inside the post's transaction. */
export interface PostLifecycleListener {
  /** The post's status changed (trash → WordPress's wp_trash_post_comments; out of trash → untrash). */
  statusChanged(postId: number, from: string, to: string, manager: EntityManager): Promise<void>;
  /** The post is about to be deleted for good (wp_delete_post deletes its comments). */
  deleting(postId: number, manager: EntityManager): Promise<void>;
}

/** Where other modules listen to post status changes and deletions. */
@Injectable()
export class PostLifecycleHooks {
  private readonly listeners: PostLifecycleListener[] = [];

  register(listener: PostLifecycleListener): void {
    this.listeners.push(listener);
  }

  async statusChanged(postId: number, from: string, to: string, manager: EntityManager): Promise<void> {
    if (from === to) return;
    for (const listener of this.listeners) await listener.statusChanged(postId, from, to, manager);
  }

  async deleting(postId: number, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener.deleting(postId, manager);
  }
}
