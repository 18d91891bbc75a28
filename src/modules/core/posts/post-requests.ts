import { Inject, Injectable } from '@nestjs/common';
import { ScopedMemo } from '../../../platform/common/memo';
import { AppConfig } from '../../../platform/config';
import type { RestCall, SchemaContext } from '../../../platform/rest';
import { ContentErrors } from '../content.errors';
import type { PostTypeConfig } from './post-types';
import type { PostEntity } from './post.entity';
import { PostMapContext, toPostResponse } from './post.mapper';
import { PostsService, PostWrite } from './posts.service';

/**
 * What the posts, revisions and autosaves controllers share on the wire side: the post a call names, loaded
 * once per call (its permission check and its handler share it), the write input of a call, and responses.
 */
@Injectable()
export class PostRequests {
  private readonly loaded = new ScopedMemo<string, Promise<PostEntity | null>>();

  constructor(
    private readonly posts: PostsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The post of this type and the call's language, or null. */
  find(call: RestCall<any>, type: PostTypeConfig, id: number): Promise<PostEntity | null> {
    return this.loaded.get(call, `${type.name}:${id}`, () => this.posts.find(type, id, call.language));
  }

  /** After a deletion: later checks of this call (the Allow header's) find no post, as WordPress's do. */
  forget(call: RestCall<any>, type: PostTypeConfig, id: number): void {
    this.loaded.set(call, `${type.name}:${id}`, Promise.resolve(null));
  }

  /** {@link find}, or 404 `rest_post_invalid_id`. */
  async getOrFail(call: RestCall<any>, type: PostTypeConfig, id: number): Promise<PostEntity> {
    const post = await this.find(call, type, id);
    if (!post) throw ContentErrors.invalidId();
    return post;
  }

  /** The arguments of a create or update and which of them the client sent. */
  writeOf(call: RestCall<any>): PostWrite {
    const sent = new Set(Object.keys(call.params()).filter((name) => call.has(name)));
    return { args: call.args, sent };
  }

  mapContext(
    type: PostTypeConfig,
    call: RestCall<any>,
    context: SchemaContext,
    extra: Partial<PostMapContext> = {},
  ): PostMapContext {
    return {
      type,
      siteUrl: this.config.siteUrl,
      timeZone: this.config.siteTimezone,
      urls: call.urls,
      user: call.user,
      context,
      ...extra,
    };
  }

  /** One post as the edit context shows it (create, update, trash, delete answers). */
  async respond(
    type: PostTypeConfig,
    post: PostEntity,
    call: RestCall<any>,
    extra: Partial<PostMapContext> = {},
  ): Promise<Record<string, unknown>> {
    const [view] = await this.posts.views([post]);
    return toPostResponse(view, this.mapContext(type, call, 'edit', extra));
  }
}
