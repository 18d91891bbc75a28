import { Injectable } from '@nestjs/common';
import { phpEmpty, RestUser } from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import type { WriteArgs } from './dto/post-args.dto';
import type { PostTypeConfig } from './post-types';
import type { PostEntity } from './post.entity';
import { PostsService } from './posts.service';

/** Who may write posts and pages: WordPress's posts controller permission checks of writes. */
@Injectable()
export class PostsPolicy {
  constructor(private readonly posts: PostsService) {}

  /**
   * create_item_permissions_check (id, author, sticky, create cap, terms). `args` may be another endpoint's (the
   * Allow header runs it on a list's): as WordPress, `id` and `author` count only when not empty.
   */
  checkCreate(user: RestUser | null, type: PostTypeConfig, args: WriteArgs, id?: unknown): true {
    const loggedIn = user !== null;
    if (!phpEmpty(id)) throw ContentErrors.postExists();
    const author: unknown = args.author;
    if (!phpEmpty(author) && author !== (user?.id ?? 0) && !user?.can(type.caps.editOthers)) {
      throw ContentErrors.cannotEditOthers(true, loggedIn);
    }
    if (type.taxonomies && args.sticky && !user?.can(type.caps.editOthers) && !user?.can(type.caps.publish)) {
      throw ContentErrors.cannotAssignSticky(loggedIn);
    }
    if (!user?.can(type.caps.edit)) throw ContentErrors.cannotCreate(loggedIn);
    this.checkAssignTerms(user, args);
    return true;
  }

  /** update_item_permissions_check of `post` (the autosaves controller's too). */
  checkUpdate(user: RestUser | null, type: PostTypeConfig, post: PostEntity, args: WriteArgs): true {
    const loggedIn = user !== null;
    if (!this.posts.canEdit(user, type, post)) throw ContentErrors.cannotEdit(loggedIn);
    if (args.author !== undefined && args.author !== (user?.id ?? 0) && !user?.can(type.caps.editOthers)) {
      throw ContentErrors.cannotEditOthers(false, loggedIn);
    }
    if (type.taxonomies && args.sticky && !user?.can(type.caps.editOthers) && !user?.can(type.caps.publish)) {
      throw ContentErrors.cannotAssignSticky(loggedIn);
    }
    this.checkAssignTerms(user, args);
    return true;
  }

  private checkAssignTerms(user: RestUser | null, args: WriteArgs): void {
    const wantsTerms = (args.categories?.length ?? 0) > 0 || (args.tags?.length ?? 0) > 0;
    if (wantsTerms && !user?.can('edit_posts')) throw ContentErrors.cannotAssignTerm(user !== null);
  }
}
