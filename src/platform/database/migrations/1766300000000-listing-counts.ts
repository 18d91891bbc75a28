import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * Maintained counts behind the exact `total` of the events archive and the posts list, so a total costs the
 * same at 100,000 rows as at 1,000 instead of reading every matching row:
 *
 * - `cal_event_counts` (language, status, start day, end day): listed events (not hidden from listings);
 *   `cal_event_term_counts` and `cal_event_word_counts` the same per term and per search word. A date window
 *   is summed over whole days and only its boundary days are counted row by row (`ix_cal_events_ends` serves
 *   the events ending on the window's last day).
 * - `post_counts` (type, language, status), `post_term_counts` per term, `post_word_counts` per search word
 *   (with whether the post has a password: anonymous searches skip protected posts).
 *
 * Database triggers keep them, in the transaction of the write that changes a row, a link or a posting, so
 * every writer is covered (services, imports, bulk SQL, another process). Rows whose count drops to zero stay.
 */
type Dialect = 'sqlite' | 'mysql';

interface Counter {
  table: string;
  /** Key columns of the counter besides the row's own (the link's term or word id). */
  linkColumn?: string;
  /** Key columns and the expressions that fill them from a row alias (`NEW`, `OLD`, `e`). */
  key: Array<[string, (row: string) => string]>;
  /** Whether a row counts at all. */
  counted: (row: string) => string;
}

const day = (column: string) => (row: string) => `SUBSTR(${row}.${column}, 1, 10)`;
const col = (column: string) => (row: string) => `${row}.${column}`;

const EVENT: Omit<Counter, 'table' | 'linkColumn'> = {
  key: [
    ['language', col('language')],
    ['status', col('status')],
    ['start_day', day('start_date_utc')],
    ['end_day', day('end_date_utc')],
  ],
  counted: (row) => `${row}.hide_from_listings = 0`,
};

const POST: Omit<Counter, 'table' | 'linkColumn'> = {
  key: [
    ['type', col('type')],
    ['language', col('language')],
    ['status', col('status')],
  ],
  counted: () => '1 = 1',
};

const POST_WORD: Omit<Counter, 'table' | 'linkColumn'> = {
  key: [...POST.key, ['protected', (row) => `CASE WHEN ${row}.password <> '' THEN 1 ELSE 0 END`]],
  counted: POST.counted,
};

interface Family {
  /** The counted table and its id column. */
  rows: string;
  own: Counter;
  links: Array<{
    counter: Counter;
    /** The link table, its column of the counted row's id and its column of the counter's id. */
    table: string;
    rowId: string;
    linkId: string;
    /** Only links of this kind (the search postings of this object type). */
    where?: (link: string) => string;
  }>;
  /** Columns whose change moves a row between counters. */
  watched: string[];
}

const FAMILIES: Family[] = [
  {
    rows: 'cal_events',
    own: { table: 'cal_event_counts', ...EVENT },
    links: [
      {
        counter: { table: 'cal_event_term_counts', linkColumn: 'term_id', ...EVENT },
        table: 'cal_event_terms',
        rowId: 'event_id',
        linkId: 'term_id',
      },
      {
        counter: { table: 'cal_event_word_counts', linkColumn: 'word_id', ...EVENT },
        table: 'search_postings',
        rowId: 'object_id',
        linkId: 'word_id',
        where: (link) => `${link}.object_type = 'event'`,
      },
    ],
    watched: ['language', 'status', 'start_date_utc', 'end_date_utc', 'hide_from_listings', 'id'],
  },
  {
    rows: 'posts',
    own: { table: 'post_counts', ...POST },
    links: [
      {
        counter: { table: 'post_term_counts', linkColumn: 'term_id', ...POST },
        table: 'post_terms',
        rowId: 'post_id',
        linkId: 'term_id',
      },
      {
        counter: { table: 'post_word_counts', linkColumn: 'word_id', ...POST_WORD },
        table: 'search_postings',
        rowId: 'object_id',
        linkId: 'word_id',
        where: (link) => `${link}.object_type = 'post'`,
      },
    ],
    watched: ['type', 'language', 'status', 'password', 'id'],
  },
];

function keyColumns(counter: Counter): string[] {
  return [...(counter.linkColumn ? [counter.linkColumn] : []), ...counter.key.map(([name]) => name)];
}

/** Adds 1 to the counter of each (link id, row) that `from`/`where` select; `row` names the counted row. */
function increment(
  dialect: Dialect,
  counter: Counter,
  select: { linkId?: string; row: string; from: string; where: string },
): string {
  const values = [
    ...(select.linkId ? [select.linkId] : []),
    ...counter.key.map(([, value]) => value(select.row)),
  ];
  const from = select.from || (dialect === 'mysql' ? 'DUAL' : '');
  const source = `SELECT ${values.join(', ')}, 1${from ? ` FROM ${from}` : ''} WHERE ${select.where}`;
  const columns = [...keyColumns(counter), 'n'].join(', ');
  return dialect === 'mysql'
    ? `INSERT INTO ${counter.table} (${columns}) ${source} ON DUPLICATE KEY UPDATE n = n + 1`
    : `INSERT INTO ${counter.table} (${columns}) ${source} ON CONFLICT (${keyColumns(counter).join(', ')}) DO UPDATE SET n = n + 1`;
}

/** Takes 1 from the counter of `row` (a trigger's OLD row, or a row found by `lookup`) and link id. */
function decrement(
  counter: Counter,
  match: { linkId?: string; value: (expression: (row: string) => string) => string },
): string {
  const conditions = [
    ...(counter.linkColumn && match.linkId ? [`${counter.linkColumn} ${match.linkId}`] : []),
    ...counter.key.map(([name, value]) => `${name} = ${match.value(value)}`),
  ];
  return `UPDATE ${counter.table} SET n = n - 1 WHERE ${conditions.join(' AND ')}`;
}

interface Trigger {
  name: string;
  table: string;
  timing: 'INSERT' | 'UPDATE' | 'DELETE';
  /**
   * BEFORE for a counted row's delete: its links are still there to be counted off. A foreign key that
   * cascades (post_terms) removes them without firing their triggers on MariaDB, and after the row is gone
   * on SQLite, where their triggers then find no row and change nothing.
   */
  before?: boolean;
  /** Statements, each run when its condition holds. */
  steps: Array<{ when: string; statements: string[] }>;
}

function triggers(dialect: Dialect): Trigger[] {
  const out: Trigger[] = [];
  for (const family of FAMILIES) {
    const own = family.own;
    const add = (row: string) => [
      increment(dialect, own, { row, from: '', where: '1 = 1' }),
      ...family.links.map((link) =>
        increment(dialect, link.counter, {
          linkId: `l.${link.linkId}`,
          row,
          from: `${link.table} l`,
          where: `l.${link.rowId} = ${row}.id${link.where ? ` AND ${link.where('l')}` : ''}`,
        }),
      ),
    ];
    const remove = (row: string) => [
      decrement(own, { value: (value) => value(row) }),
      ...family.links.map((link) =>
        decrement(link.counter, {
          linkId: `IN (SELECT l.${link.linkId} FROM ${link.table} l WHERE l.${link.rowId} = ${row}.id${link.where ? ` AND ${link.where('l')}` : ''})`,
          value: (value) => value(row),
        }),
      ),
    ];
    const changed = family.watched
      .map((column) =>
        dialect === 'mysql' ? `NOT (OLD.${column} <=> NEW.${column})` : `OLD.${column} IS NOT NEW.${column}`,
      )
      .join(' OR ');
    out.push(
      {
        name: `trg_${own.table}_ins`,
        table: family.rows,
        timing: 'INSERT',
        steps: [{ when: own.counted('NEW'), statements: add('NEW') }],
      },
      {
        name: `trg_${own.table}_del`,
        table: family.rows,
        timing: 'DELETE',
        before: true,
        steps: [{ when: own.counted('OLD'), statements: remove('OLD') }],
      },
      {
        name: `trg_${own.table}_upd`,
        table: family.rows,
        timing: 'UPDATE',
        steps: [
          { when: `(${changed}) AND ${own.counted('OLD')}`, statements: remove('OLD') },
          { when: `(${changed}) AND ${own.counted('NEW')}`, statements: add('NEW') },
        ],
      },
    );
    for (const link of family.links) {
      const counter = link.counter;
      const add = (l: string) =>
        increment(dialect, counter, {
          linkId: `${l}.${link.linkId}`,
          row: 'r',
          from: `${family.rows} r`,
          where: `r.id = ${l}.${link.rowId} AND ${own.counted('r')}`,
        });
      // The counted row's key by scalar lookups: each a primary-key read, and no match when the row is gone.
      const lookup = (l: string) => (value: (row: string) => string) =>
        `(SELECT ${value('r')} FROM ${family.rows} r WHERE r.id = ${l}.${link.rowId} AND ${own.counted('r')})`;
      const remove = (l: string) => decrement(counter, { linkId: `= ${l}.${link.linkId}`, value: lookup(l) });
      const only = (l: string) => (link.where ? link.where(l) : '1 = 1');
      out.push(
        {
          name: `trg_${counter.table}_ins`,
          table: link.table,
          timing: 'INSERT',
          steps: [{ when: only('NEW'), statements: [add('NEW')] }],
        },
        {
          name: `trg_${counter.table}_del`,
          table: link.table,
          timing: 'DELETE',
          steps: [{ when: only('OLD'), statements: [remove('OLD')] }],
        },
        {
          name: `trg_${counter.table}_upd`,
          table: link.table,
          timing: 'UPDATE',
          steps: [
            { when: only('OLD'), statements: [remove('OLD')] },
            { when: only('NEW'), statements: [add('NEW')] },
          ],
        },
      );
    }
  }
  // A deleted term's links go by a cascading foreign key, which fires no trigger on MariaDB: its counts go too.
  out.push({
    name: 'trg_post_term_counts_term_gone',
    table: 'terms',
    timing: 'DELETE',
    steps: [{ when: '1 = 1', statements: ['DELETE FROM post_term_counts WHERE term_id = OLD.id'] }],
  });
  return out;
}

/** CREATE TRIGGER statements: SQLite takes one condition per trigger, so each step becomes its own trigger. */
function createStatements(dialect: Dialect): Array<{ name: string; sql: string }> {
  const out: Array<{ name: string; sql: string }> = [];
  for (const trigger of triggers(dialect)) {
    if (dialect === 'mysql') {
      const body = trigger.steps
        .map((step) => `IF ${step.when} THEN ${step.statements.map((s) => `${s};`).join(' ')} END IF;`)
        .join(' ');
      out.push({
        name: trigger.name,
        sql: `CREATE TRIGGER ${trigger.name} ${trigger.before ? 'BEFORE' : 'AFTER'} ${trigger.timing} ON ${trigger.table} FOR EACH ROW BEGIN ${body} END`,
      });
    } else {
      trigger.steps.forEach((step, index) => {
        const name = trigger.steps.length > 1 ? `${trigger.name}_${index + 1}` : trigger.name;
        out.push({
          name,
          sql: `CREATE TRIGGER ${name} ${trigger.before ? 'BEFORE' : 'AFTER'} ${trigger.timing} ON ${trigger.table} FOR EACH ROW WHEN ${step.when} BEGIN ${step.statements.map((s) => `${s};`).join(' ')} END`,
        });
      });
    }
  }
  return out;
}

function counterTables(): Counter[] {
  return FAMILIES.flatMap((family) => [family.own, ...family.links.map((link) => link.counter)]);
}

const KEY_TYPES: Record<string, () => ReturnType<typeof C.integer>> = {
  term_id: () => C.foreignId('term_id'),
  word_id: () => C.foreignId('word_id'),
  language: () => C.string('language', 5),
  status: () => C.string('status', 20),
  type: () => C.string('type', 20),
  start_day: () => C.string('start_day', 10),
  end_day: () => C.string('end_day', 10),
  protected: () => C.foreignId('protected'),
};

/** Fills the counters from the stored rows (the triggers keep them from then on). */
async function backfill(queryRunner: QueryRunner): Promise<void> {
  for (const family of FAMILIES) {
    const own = family.own;
    const ownKey = own.key.map(([, value]) => value('r'));
    await queryRunner.query(
      `INSERT INTO ${own.table} (${keyColumns(own).join(', ')}, n) SELECT ${ownKey.join(', ')}, COUNT(*) FROM ${family.rows} r WHERE ${own.counted('r')} GROUP BY ${ownKey.join(', ')}`,
    );
    for (const link of family.links) {
      const key = [`l.${link.linkId}`, ...link.counter.key.map(([, value]) => value('r'))];
      await queryRunner.query(
        `INSERT INTO ${link.counter.table} (${keyColumns(link.counter).join(', ')}, n) SELECT ${key.join(', ')}, COUNT(*) FROM ${link.table} l INNER JOIN ${family.rows} r ON r.id = l.${link.rowId} WHERE ${own.counted('r')}${link.where ? ` AND ${link.where('l')}` : ''} GROUP BY ${key.join(', ')}`,
      );
    }
  }
}

export class ListingCounts1766300000000 implements MigrationInterface {
  name = 'ListingCounts1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const dialect: Dialect = ['mysql', 'mariadb'].includes(String(queryRunner.connection.driver.options.type))
      ? 'mysql'
      : 'sqlite';
    for (const counter of counterTables()) {
      await queryRunner.createTable(
        new Table({
          name: counter.table,
          columns: [
            ...keyColumns(counter).map((name) => ({ ...KEY_TYPES[name](), isPrimary: true })),
            C.integer('n'),
          ],
        }),
      );
    }
    await queryRunner.createIndex(
      'cal_events',
      new TableIndex({
        name: 'ix_cal_events_ends',
        columnNames: ['language', 'status', 'hide_from_listings', 'end_date_utc', 'start_date_utc'],
      }),
    );
    await backfill(queryRunner);
    for (const { sql } of createStatements(dialect)) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const dialect: Dialect = ['mysql', 'mariadb'].includes(String(queryRunner.connection.driver.options.type))
      ? 'mysql'
      : 'sqlite';
    for (const { name } of createStatements(dialect))
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
    await queryRunner.dropIndex('cal_events', 'ix_cal_events_ends');
    for (const counter of counterTables().reverse()) await queryRunner.dropTable(counter.table);
  }
}
