import { DataSource, QueryFailedError } from 'typeorm';
import { hotRead, sqliteStatements } from './sqlite-statements';

describe('hotRead', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT, flag INTEGER)');
    await dataSource.query("INSERT INTO things (name, flag) VALUES ('a', 1), ('b', 0), ('c', 1)");
  });
  afterAll(() => dataSource.destroy());

  it('answers the rows TypeORM answers, booleans bound as 1 and 0', async () => {
    const sql = 'SELECT id, name FROM things WHERE flag = ? ORDER BY id';
    expect(await hotRead(dataSource, sql, [true])).toEqual(await dataSource.query(sql, [1]));
    expect(await hotRead(dataSource, sql, [false])).toEqual([{ id: 2, name: 'b' }]);
  });

  it('answers rows as arrays of values in column order when asked', () => {
    expect(sqliteStatements(dataSource).all('SELECT id, name FROM things WHERE id = ?', [3], true)).toEqual([
      [3, 'c'],
    ]);
  });

  it('reports a failed statement as TypeORM does', async () => {
    await expect(hotRead(dataSource, 'SELECT nothing FROM things', [])).rejects.toBeInstanceOf(
      QueryFailedError,
    );
  });
});
