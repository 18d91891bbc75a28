import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { ApplicationPasswordEntity } from '../../../platform/auth';
import { formatWpDate } from '../../../platform/common/dates';
import { AppConfig } from '../../../platform/config';
import { PostEntity, PostsService } from '../../core';
import {
  searchDocument,
  SearchObjectType,
  SEARCHABLE_POST_TYPES,
  writeSearchPostings,
} from '../../../platform/search';
import { stripFindings } from './checks/content-analysis';
import { ContentCheck, ContentIssueData } from './checks/content.check';
import { IssueEntity } from './issue.entity';

/**
 * "Repair" of an issue where it makes sense: flagged markup stripped from a post or page (the old text stays
 * in a revision), a stale application password revoked. The issue is deleted with the repair, in one
 * transaction. Returns false when the issue has no repair.
 */
@Injectable()
export class RepairService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly content: ContentCheck,
    private readonly posts: PostsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  canRepair(issue: IssueEntity): boolean {
    const data = JSON.parse(issue.data) as { canRepair?: boolean };
    return (issue.type === 'postMalware' || issue.type === 'appPasswordStale') && data.canRepair === true;
  }

  async repair(issue: IssueEntity): Promise<boolean> {
    if (!this.canRepair(issue)) return false;
    const data = JSON.parse(issue.data) as Record<string, unknown>;
    await this.dataSource.transaction(async (manager) => {
      if (issue.type === 'appPasswordStale') {
        await manager.getRepository(ApplicationPasswordEntity).delete({ uuid: String(data.uuid) });
      } else {
        const { objectId } = data as unknown as ContentIssueData;
        const post = await manager.getRepository(PostEntity).findOneBy({ id: objectId });
        if (post) {
          const byField = this.content.findingsOf(post as unknown as Record<string, unknown>, [
            'title',
            'content',
            'excerpt',
          ]);
          if (byField.size > 0) {
            await this.posts.saveRevision({ ...post } as PostEntity, post.authorId, manager);
            for (const [field, findings] of byField) {
              const key = field as 'title' | 'content' | 'excerpt';
              post[key] = stripFindings(post[key] ?? '', findings);
            }
            const now = DateTime.utc();
            post.modified = formatWpDate(now.setZone(this.config.siteTimezone));
            post.modifiedGmt = formatWpDate(now);
            const saved = await manager.getRepository(PostEntity).save(post);
            if (SEARCHABLE_POST_TYPES.includes(saved.type)) {
              await writeSearchPostings(manager, SearchObjectType.post, [searchDocument(saved.id, saved)]);
            }
            await this.posts.saveRevision(saved, saved.authorId, manager);
          }
        }
      }
      await manager.getRepository(IssueEntity).delete({ id: issue.id });
    });
    return true;
  }
}
