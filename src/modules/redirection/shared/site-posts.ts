import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../platform/config';
import { PostEntity, postLink } from '../../core';
import { likeContains } from '../../../platform/database';
import { dateFits, PermalinkVars } from '../engine/permalinks';

const TYPES = ['post', 'page'];

/** The site's published posts and pages, as the redirect engine and the target search need them. */
@Injectable()
export class SitePosts {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private get repository() {
    return this.dataSource.getRepository(PostEntity);
  }

  link(post: PostEntity): string {
    return postLink(this.config.siteUrl, post);
  }

  /** Published posts/pages whose title or slug contains `text` (target autocomplete), by id. */
  search(text: string, limit = 50): Promise<PostEntity[]> {
    return this.repository
      .createQueryBuilder('p')
      .where("p.status = 'publish' AND p.type IN (:...types)", { types: TYPES })
      .andWhere("(p.title LIKE :text ESCAPE '!' OR p.slug LIKE :text ESCAPE '!')", {
        text: likeContains(text),
      })
      .orderBy('p.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** The permalink of a published post or page, or null. */
  async permalink(id: number): Promise<string | null> {
    const post = await this.repository.findOneBy({ id });
    return post && TYPES.includes(post.type) && post.status === 'publish' ? this.link(post) : null;
  }

  /**
   * The permalink of the published post an old permalink structure read from a path (permalink migration):
   * found by slug or ID, with the date parts the structure held; null when none.
   */
  async migratedPermalink(vars: PermalinkVars, language: string): Promise<string | null> {
    const where =
      vars.post_id !== undefined
        ? { id: vars.post_id, type: 'post', status: 'publish' }
        : { slug: vars.postname ?? '', type: 'post', status: 'publish', language };
    const posts = await this.repository.find({ where, order: { id: 'ASC' }, take: 20 });
    const post = posts.find(
      (candidate) =>
        dateFits(candidate.date, vars) && (vars.postname === undefined || candidate.slug === vars.postname),
    );
    return post ? this.link(post) : null;
  }

  /** A random published post without a password (`random` action). */
  async randomPostLink(): Promise<string | null> {
    const count = await this.repository.countBy({ type: 'post', status: 'publish', password: '' });
    if (count === 0) return null;
    const [post] = await this.repository.find({
      where: { type: 'post', status: 'publish', password: '' },
      order: { id: 'ASC' },
      skip: Math.floor(Math.random() * count),
      take: 1,
    });
    return post ? this.link(post) : null;
  }
}
