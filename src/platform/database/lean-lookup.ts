import type DataLoader from 'dataloader';
import { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { batchLoader } from './batch-loader';
import { hotRead, sqliteStatements } from './sqlite-statements';

const SINGLE_LOADERS = new WeakMap<DataSource, Map<string, DataLoader<number, any>>>();

/**
 * Loads flat entities (no relations, no embedded columns) by primary key with SQL built once: the hot reads of
 * single items and pages of IDs skip TypeORM's query builder, which otherwise rebuilds and re-aliases the same
 * statement on every call. Values are hydrated by the driver exactly as `find` hydrates them, so the entities are
 * the same; inside a transaction pass its manager. Results come in the order of the IDs asked for.
 */
/** The link's owner column in a joined read ({@link LeanLookup.linkedTo}); no entity column is named so. */
const OWNER_ALIAS = '__owner';

export class LeanLookup<T extends ObjectLiteral> {
  private readonly metadata: EntityMetadata;
  private readonly columns: ColumnMetadata[];
  private readonly selectFrom: string;
  private readonly keyColumn: string;
  private readonly single: DataLoader<number, T | null>;

  /**
   * `properties`: only these columns (the primary key among them), for reads that need a few small columns of
   * wide rows; the entities then hold only those.
   */
  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
    properties?: ReadonlyArray<keyof T & string>,
  ) {
    this.metadata = dataSource.getMetadata(entity);
    const { driver } = dataSource;
    if (
      this.metadata.relations.length > 0 ||
      this.metadata.embeddeds.length > 0 ||
      this.metadata.primaryColumns.length !== 1
    ) {
      throw new Error(`LeanLookup: ${this.metadata.name} is not a flat entity with one primary key`);
    }
    const key = this.metadata.primaryColumns[0];
    this.columns = properties
      ? this.metadata.columns.filter((column) => column === key || properties.includes(column.propertyName))
      : this.metadata.columns;
    if (properties && this.columns.length !== new Set([key.propertyName, ...properties]).size) {
      throw new Error(`LeanLookup: ${this.metadata.name} lacks one of ${properties.join(', ')}`);
    }
    const columns = this.columns.map((column) => driver.escape(column.databaseName)).join(', ');
    this.selectFrom = `SELECT ${columns} FROM ${driver.escape(this.metadata.tableName)}`;
    this.keyColumn = driver.escape(this.metadata.primaryColumns[0].databaseName);
    // One batch per entity (and column subset) and data source: the lookups of several repositories (a post read
    // for the term links' permission and for the replies' permission of an _embed) meet in one query.
    const shared = SINGLE_LOADERS.get(dataSource) ?? new Map<string, DataLoader<number, any>>();
    SINGLE_LOADERS.set(dataSource, shared);
    const loaderKey = `${this.metadata.name}\u0000${this.selectFrom}`;
    const existing = shared.get(loaderKey) as DataLoader<number, T | null> | undefined;
    this.single =
      existing ??
      batchLoader(async (ids) => {
        const byId = new Map<unknown, T>();
        for (const entity of await this.byIds(ids)) byId.set(key.getEntityValue(entity), entity);
        return ids.map((id) => byId.get(id) ?? null);
      });
    shared.set(loaderKey, this.single);
  }

  async byId(id: number, manager?: EntityManager): Promise<T | null> {
    if (!manager) return this.single.load(id);
    return (await this.byIds([id], manager))[0] ?? null;
  }

  /**
   * byIds outside a transaction, through the batch of byId: the concurrent lookups of other callers meet in
   * the same query.
   */
  async byIdsBatched(ids: readonly number[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const found = await this.single.loadMany([...new Set(ids)]);
    return found.filter((entity): entity is T => {
      if (entity instanceof Error) throw entity;
      return entity !== null;
    });
  }

  async byIds(ids: readonly number[], manager?: EntityManager): Promise<T[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    const sql = `${this.selectFrom} WHERE ${this.keyColumn} IN (${unique.map(() => '?').join(', ')})`;
    const byId = new Map<unknown, T>();
    const key = this.metadata.primaryColumns[0];
    // A page of posts is 25 columns a row: better-sqlite3 answers arrays of values several times faster.
    const rawRows = manager ? null : sqliteStatements(this.dataSource).all(sql, unique, true);
    if (rawRows) {
      for (const values of rawRows as unknown[][]) {
        const entity = this.hydrateValues(values);
        byId.set(key.getEntityValue(entity), entity);
      }
    } else {
      const rows: Array<Record<string, unknown>> = await (manager ?? this.dataSource.manager).query(
        sql,
        unique,
      );
      for (const row of rows) {
        const entity = this.hydrate(row);
        byId.set(key.getEntityValue(entity), entity);
      }
    }
    return unique.map((id) => byId.get(id)).filter((entity): entity is T => entity !== undefined);
  }

  /**
   * The rows a link table ties to each of `ownerIds`, in one joined read: `link` names the table, its owner
   * column and the column holding this entity's key (`post_terms`, `post_id`, `term_id`). Pairs of owner id and
   * row, in the order the database gives them.
   */
  async linkedTo(
    link: { table: string; ownerColumn: string; keyColumn: string },
    ownerIds: readonly number[],
  ): Promise<Array<[number, T]>> {
    if (ownerIds.length === 0) return [];
    const unique = [...new Set(ownerIds)];
    const e = (name: string) => this.dataSource.driver.escape(name);
    const columns = this.columns.map((column) => `t.${e(column.databaseName)}`).join(', ');
    const sql =
      `SELECT l.${e(link.ownerColumn)} AS ${e(OWNER_ALIAS)}, ${columns} FROM ${e(link.table)} l ` +
      `JOIN ${e(this.metadata.tableName)} t ON t.${this.keyColumn} = l.${e(link.keyColumn)} ` +
      `WHERE l.${e(link.ownerColumn)} IN (${unique.map(() => '?').join(', ')})`;
    const rawRows = sqliteStatements(this.dataSource).all(sql, unique, true);
    if (rawRows) {
      return (rawRows as unknown[][]).map((values) => [Number(values[0]), this.hydrateValues(values, 1)]);
    }
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(sql, unique);
    return rows.map((row) => [Number(row[OWNER_ALIAS]), this.hydrate(row)]);
  }

  /**
   * The rows matching every filter (property name to one value, or to a list of values: `IN`), in the order the
   * database gives them, as `find({ where })` with the same filters answers them; none when a list is empty.
   */
  async where(filters: { [K in keyof T]?: unknown }, manager?: EntityManager): Promise<T[]> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    for (const [property, value] of Object.entries(filters)) {
      if (value === undefined) continue;
      const column = this.metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`LeanLookup: ${this.metadata.name} has no column ${property}`);
      const name = this.dataSource.driver.escape(column.databaseName);
      if (Array.isArray(value)) {
        if (value.length === 0) return [];
        conditions.push(`${name} IN (${value.map(() => '?').join(', ')})`);
        parameters.push(...value);
      } else {
        conditions.push(`${name} = ?`);
        parameters.push(value);
      }
    }
    const sql =
      conditions.length > 0 ? `${this.selectFrom} WHERE ${conditions.join(' AND ')}` : this.selectFrom;
    const rows: Array<Record<string, unknown>> = manager
      ? await manager.query(sql, parameters)
      : await hotRead(this.dataSource, sql, parameters);
    return rows.map((row) => this.hydrate(row));
  }

  /** {@link hydrate} from the values of a row in column order, from `offset` on. */
  private hydrateValues(values: readonly unknown[], offset = 0): T {
    const { driver } = this.dataSource;
    const entity = this.metadata.create(undefined, { fromDeserializer: true }) as T;
    const { columns } = this;
    for (let index = 0; index < columns.length; index++) {
      const column = columns[index];
      column.setEntityValue(entity, driver.prepareHydratedValue(values[offset + index], column));
    }
    return entity;
  }

  private hydrate(row: Record<string, unknown>): T {
    const { driver } = this.dataSource;
    const entity = this.metadata.create(undefined, { fromDeserializer: true }) as T;
    for (const column of this.columns) {
      column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
    }
    return entity;
  }
}
