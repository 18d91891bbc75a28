import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { EventEntity } from '../../../cal';
import { OrganizerEntity } from '../../../cal';
import { VenueEntity } from '../../../cal';
import { CommentEntity } from '../../../core/comments';
import { AppConfig } from '../../../../platform/config';
import { PostEntity } from '../../../core';
import { SIGNATURES, Signatures } from '../signatures';
import { analyseContent, ContentFinding } from './content-analysis';
import { escapeHtml, FoundIssue, md5, ScanCheck, ScanContext } from './scan-check';

export const CONTENT_BATCH = 500;

/** A table of stored HTML the scanner reads. */
export interface ContentSource {
  /** Object type in issue data (`post`, `page`, `event`, `venue`, `organizer`). */
  label: string;
  entity: EntityTarget<ObjectLiteral>;
  fields: readonly string[];
  /** Extra condition (posts table: only posts and pages). */
  where?: string;
  /** Further columns read for the issue text. */
  extra?: readonly string[];
  /** How the object is named in the issue (default: its title). */
  titleOf?: (row: Record<string, unknown>) => string;
}

export const CONTENT_SOURCES: readonly ContentSource[] = [
  {
    label: 'post',
    entity: PostEntity,
    fields: ['title', 'content', 'excerpt'],
    where: "row.type IN ('post', 'page')",
  },
  { label: 'event', entity: EventEntity, fields: ['title', 'description', 'excerpt'] },
  { label: 'venue', entity: VenueEntity, fields: ['title', 'description'] },
  { label: 'organizer', entity: OrganizerEntity, fields: ['title', 'description'] },
];

/** Pending and approved comments (spam and trash are already out of sight). */
export const COMMENT_SOURCES: readonly ContentSource[] = [
  {
    label: 'comment',
    entity: CommentEntity,
    fields: ['content'],
    where: "row.status IN ('0', '1')",
    extra: ['authorName', 'postId'],
    titleOf: (row) => `by ${String(row.authorName || 'anonymous')} on post #${row.postId}`,
  },
];

/** What the content check stores in an issue's data (read back by repair). */
export interface ContentIssueData {
  objectType: string;
  objectId: number;
  title: string;
  fields: string[];
  findings: Array<Pick<ContentFinding, 'rule' | 'severity' | 'description' | 'excerpt'> & { field: string }>;
  canRepair: boolean;
}

/**
 * Malware and spam markup in posts, pages, events, venues and organizers, read in id-ordered batches.
 * One issue per object, listing every finding.
 */
@Injectable()
export class ContentCheck implements ScanCheck {
  readonly stage: string = 'content';
  readonly option: ScanCheck['option'] = 'scansEnabled_posts';
  protected readonly sources: readonly ContentSource[] = CONTENT_SOURCES;
  protected readonly issueType: string = 'postMalware';
  private readonly ownHost: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SIGNATURES) private readonly signatures: Signatures,
    @Inject(AppConfig) config: AppConfig,
  ) {
    this.ownHost = new URL(config.siteUrl).hostname.toLowerCase();
  }

  async run(context: ScanContext): Promise<void> {
    const totals = await Promise.all(this.sources.map((source) => this.count(source)));
    const total = totals.reduce((sum, n) => sum + n, 0) || 1;
    let done = 0;
    for (const source of this.sources) {
      let lastId = 0;
      for (;;) {
        const rows = await this.batch(source, lastId);
        if (rows.length === 0) break;
        lastId = Number(rows[rows.length - 1].id);
        const issues = rows
          .map((row) => this.inspect(source, row))
          .filter((i): i is FoundIssue => i !== null);
        if (issues.length > 0) await context.report(issues);
        done += rows.length;
        await context.checkpoint(done / total);
      }
    }
  }

  /** The findings of one stored object, by field (used by repair too). */
  findingsOf(row: Record<string, unknown>, fields: readonly string[]): Map<string, ContentFinding[]> {
    const byField = new Map<string, ContentFinding[]>();
    for (const field of fields) {
      const value = row[field];
      if (typeof value !== 'string' || value === '') continue;
      const findings = analyseContent(value, this.ownHost, this.signatures);
      if (findings.length > 0) byField.set(field, findings);
    }
    return byField;
  }

  private inspect(source: ContentSource, row: Record<string, unknown>): FoundIssue | null {
    const byField = this.findingsOf(row, source.fields);
    if (byField.size === 0) return null;
    const label = source.label === 'post' ? String(row.type) : source.label;
    const findings = [...byField].flatMap(([field, list]) =>
      list.map((f) => ({
        field,
        rule: f.rule,
        severity: f.severity,
        description: f.description,
        excerpt: f.excerpt,
      })),
    );
    const severity = Math.max(...findings.map((f) => f.severity));
    const title = (source.titleOf ? source.titleOf(row) : String(row.title ?? ''))
      .replace(/<[^>]*>/g, '')
      .slice(0, 100);
    const key = `content:${source.label}:${row.id}`;
    const data: ContentIssueData = {
      objectType: label,
      objectId: Number(row.id),
      title,
      fields: [...byField.keys()],
      findings,
      canRepair: source.label === 'post',
    };
    const rules = [...new Set(findings.map((f) => f.rule))];
    return {
      type: this.issueType,
      severity,
      key,
      fingerprint: md5(findings.map((f) => `${f.field}:${f.rule}:${f.excerpt}`).join('\n')),
      shortMsg: `The ${label} “${title || `#${row.id}`}” contains suspicious markup (${rules.join(', ')}).`,
      longMsg:
        `<p>The ${label} #${row.id} contains markup that is typical of injected malware or spam:</p><ul>` +
        findings
          .map(
            (f) =>
              `<li>${escapeHtml(f.description)} in ${f.field}: <code>${escapeHtml(f.excerpt)}</code></li>`,
          )
          .join('') +
        '</ul><p>If you did not add it yourself, remove it' +
        (data.canRepair ? ' (repair strips it and keeps the old text in a revision).' : '.') +
        '</p>',
      data: data as unknown as Record<string, unknown>,
    };
  }

  private count(source: ContentSource): Promise<number> {
    const query = this.dataSource.getRepository(source.entity).createQueryBuilder('row');
    if (source.where) query.where(source.where);
    return query.getCount();
  }

  private batch(source: ContentSource, afterId: number): Promise<Record<string, unknown>[]> {
    const query = this.dataSource
      .getRepository(source.entity)
      .createQueryBuilder('row')
      .select([
        'row.id',
        ...source.fields.map((field) => `row.${field}`),
        ...(source.label === 'post' ? ['row.type'] : []),
        ...(source.extra ?? []).map((column) => `row.${column}`),
      ])
      .where('row.id > :afterId', { afterId });
    if (source.where) query.andWhere(source.where);
    return query.orderBy('row.id', 'ASC').limit(CONTENT_BATCH).getMany() as Promise<
      Record<string, unknown>[]
    >;
  }
}

/** Malware and spam markup in comments. */
@Injectable()
export class CommentsCheck extends ContentCheck {
  override readonly stage = 'comments';
  override readonly option = 'scansEnabled_comments';
  protected override readonly sources = COMMENT_SOURCES;
  protected override readonly issueType = 'commentMalware';
}
