import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A module that owns content with an author: lists published authors and moves content when a user goes. */
export interface AuthoredContentSource {
  /** Ids of users (among `userIds`, or all when undefined) with published content. */
  publishedAuthorIds(userIds?: number[]): Promise<number[]>;
  /** Reassign (or, with null, delete) everything `userId` authored, inside the deleting transaction. */
  reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void>;
}

/** Content modules register here so the users module needs no knowledge of their tables. */
@Injectable()
export class AuthoredContentRegistry {
  private readonly sources: AuthoredContentSource[] = [];

  register(source: AuthoredContentSource): void {
    this.sources.push(source);
  }

  async publishedAuthorIds(userIds?: number[]): Promise<number[]> {
    if (userIds === undefined) {
      const lists = await Promise.all(this.sources.map((source) => source.publishedAuthorIds()));
      return [...new Set(lists.flat())];
    }
    // Source by source, each asked only for the users none before it answered: an author of posts (the usual
    // case, an embedded post's author) costs one query rather than one per source.
    const found = new Set<number>();
    let open = [...new Set(userIds)];
    for (const source of this.sources) {
      if (open.length === 0) break;
      for (const id of await source.publishedAuthorIds(open)) found.add(id);
      open = open.filter((id) => !found.has(id));
    }
    return [...found];
  }

  async reassignAuthor(userId: number, reassignTo: number | null, manager: EntityManager): Promise<void> {
    for (const source of this.sources) await source.reassignAuthor(userId, reassignTo, manager);
  }
}
