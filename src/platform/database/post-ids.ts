import { Injectable } from '@nestjs/common';
import {
  Column,
  DataSource,
  Entity,
  EntityManager,
  EntitySubscriberInterface,
  In,
  InsertEvent,
  PrimaryGeneratedColumn,
} from 'typeorm';

export const POST_IDS_TABLE = 'post_ids';

/** One row per post-like object ever created: WordPress's single `wp_posts.ID` sequence. */
@Entity(POST_IDS_TABLE)
export class PostIdEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The object's post type (`post`, `page`, `revision`, `attachment`, `cal_events`, `cal_venue`, ...). */
  @Column({ type: 'varchar', length: 20 })
  type: string;
}

/** The post type of a row about to be inserted: a fixed name, or read from the row (e.g. `posts.type`). */
export type PostTypeOfRow = string | ((row: Record<string, unknown>) => string);

/**
 * One ID space for every post-like object (posts, pages, revisions, autosaves, media, events, venues,
 * organizers), as WordPress keeps them all in `wp_posts`: an ID names one object, whatever route it is sent to.
 *
 * A table joins with {@link register}; from then on every TypeORM insert of a row without an `id` into that
 * table takes its ID from `post_ids` in the inserting transaction (a `beforeInsert` subscriber). Rows
 * inserted with raw SQL must call {@link allocate} themselves. IDs are never reused: rows of deleted
 * objects stay in `post_ids`, which also answers which type an ID belongs to ({@link typesOf}).
 */
@Injectable()
export class PostIds implements EntitySubscriberInterface {
  private readonly typeOfTable = new Map<string, PostTypeOfRow>();

  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** Makes inserts into `table` take their IDs from the shared sequence, recorded as `type`. */
  register(table: string, type: PostTypeOfRow): void {
    this.typeOfTable.set(table, type);
  }

  /** A new ID for an object of `type`, in `manager`'s transaction. */
  async allocate(manager: EntityManager, type: string): Promise<number> {
    const result = await manager.getRepository(PostIdEntity).insert({ type });
    return Number(result.identifiers[0].id);
  }

  /** The post type of each known ID (IDs never allocated are absent). */
  async typesOf(ids: readonly number[], manager?: EntityManager): Promise<Map<number, string>> {
    const unique = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
    if (unique.length === 0) return new Map();
    const rows = await (manager ?? this.dataSource.manager)
      .getRepository(PostIdEntity)
      .find({ where: { id: In(unique) } });
    return new Map(rows.map((row) => [row.id, row.type]));
  }

  async beforeInsert(event: InsertEvent<Record<string, unknown>>): Promise<void> {
    const typeOf = this.typeOfTable.get(event.metadata.tableName);
    const row = event.entity;
    if (!typeOf || !row || (row.id !== undefined && row.id !== null && row.id !== 0)) return;
    row.id = await this.allocate(event.manager, typeof typeOf === 'string' ? typeOf : typeOf(row));
  }
}
