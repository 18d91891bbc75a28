import { Column, DataSource, Entity, In, PrimaryGeneratedColumn } from 'typeorm';
import { LeanLookup } from './lean-lookup';

@Entity('lean_things')
class Thing {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  name: string;

  @Column({ type: 'boolean', default: false })
  flag: boolean;

  @Column({ type: 'varchar', length: 20, nullable: true })
  note: string | null;
}

describe('LeanLookup', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [Thing],
      synchronize: true,
    });
    await dataSource.initialize();
    await dataSource.getRepository(Thing).save([
      { name: 'a', flag: true, note: null },
      { name: 'b', flag: false, note: 'x' },
      { name: 'c', flag: true, note: 'y' },
    ]);
  });
  afterAll(() => dataSource.destroy());

  it('hydrates entities exactly as find does, in the order asked, without duplicates', async () => {
    const lookup = new LeanLookup(dataSource, Thing);
    const found = await lookup.byIds([3, 1, 3, 99]);
    const expected = await dataSource.getRepository(Thing).findBy({});
    expect(found.map((thing) => thing.id)).toEqual([3, 1]);
    expect(found[0]).toBeInstanceOf(Thing);
    expect(found).toEqual([expected[2], expected[0]]);
    expect(found[1].flag).toBe(true);
    expect(found[1].note).toBeNull();
  });

  it('reads the rows a link table ties to each owner in one joined read, hydrated as find does', async () => {
    await dataSource.query('CREATE TABLE IF NOT EXISTS owner_things (owner_id integer, thing_id integer)');
    await dataSource.query('INSERT INTO owner_things VALUES (10, 1), (10, 3), (11, 3), (12, 99)');
    const lookup = new LeanLookup(dataSource, Thing);
    const link = { table: 'owner_things', ownerColumn: 'owner_id', keyColumn: 'thing_id' };
    const pairs = await lookup.linkedTo(link, [10, 11, 12, 10]);
    const things = await dataSource.getRepository(Thing).findBy({});
    const sorted = pairs
      .map(([owner, thing]) => [owner, thing.id])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(sorted).toEqual([
      [10, 1],
      [10, 3],
      [11, 3],
    ]);
    expect(pairs.find(([owner]) => owner === 11)?.[1]).toEqual(things[2]);
    expect(pairs[0][1]).toBeInstanceOf(Thing);
    expect(await lookup.linkedTo(link, [])).toEqual([]);
  });

  it('answers one row or null, and nothing for no IDs', async () => {
    const lookup = new LeanLookup(dataSource, Thing);
    expect((await lookup.byId(2))?.name).toBe('b');
    expect(await lookup.byId(42)).toBeNull();
    expect(await lookup.byIds([])).toEqual([]);
  });

  it('finds by column filters as find does, nothing for an empty list', async () => {
    const lookup = new LeanLookup(dataSource, Thing);
    const repo = dataSource.getRepository(Thing);
    expect(await lookup.where({ flag: true })).toEqual(await repo.findBy({ flag: true }));
    expect(await lookup.where({ name: ['c', 'a'], flag: true })).toEqual(
      await repo.findBy({ name: In(['c', 'a']), flag: true }),
    );
    expect(await lookup.where({ name: [] })).toEqual([]);
    expect(await lookup.where({ note: 'x', name: 'b' })).toEqual([expect.objectContaining({ id: 2 })]);
  });

  it('lets the concurrent lookups of several instances for one entity meet in one query', async () => {
    // One read of the rows: on better-sqlite3 it runs as a prepared statement, not through the manager.
    const spy = jest.spyOn(LeanLookup.prototype, 'byIds');
    try {
      const [one, two] = [new LeanLookup(dataSource, Thing), new LeanLookup(dataSource, Thing)];
      const found = await Promise.all([one.byId(1), two.byId(3), two.byId(1), one.byId(99)]);
      expect(found.map((thing) => thing?.name ?? null)).toEqual(['a', 'c', 'a', null]);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('batches many IDs with the concurrent single lookups, as byIds answers them', async () => {
    const spy = jest.spyOn(LeanLookup.prototype, 'byIds');
    try {
      const lookup = new LeanLookup(dataSource, Thing);
      const [many, one] = await Promise.all([lookup.byIdsBatched([3, 1, 3, 99]), lookup.byId(2)]);
      expect(many).toEqual(await lookup.byIds([3, 1]));
      expect(one?.name).toBe('b');
      expect(spy).toHaveBeenCalledTimes(2);
      expect(await lookup.byIdsBatched([])).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads only the columns asked for, with a batch of its own', async () => {
    const spy = jest.spyOn(LeanLookup.prototype, 'byIds');
    try {
      const names = new LeanLookup<Pick<Thing, 'id' | 'name'>>(dataSource, Thing, ['name']);
      const [light, full] = await Promise.all([names.byId(2), new LeanLookup(dataSource, Thing).byId(2)]);
      expect(light).toEqual(Object.assign(new Thing(), { id: 2, name: 'b' }));
      expect(full?.note).toBe('x');
      expect(spy).toHaveBeenCalledTimes(2);
      expect(() => new LeanLookup<Thing>(dataSource, Thing, ['name', 'nothing' as 'note'])).toThrow();
      // A subset that skips columns: each value lands on its own property.
      const notes = new LeanLookup<Pick<Thing, 'id' | 'note'>>(dataSource, Thing, ['note']);
      expect(await notes.byIds([3, 2])).toEqual([
        Object.assign(new Thing(), { id: 3, note: 'y' }),
        Object.assign(new Thing(), { id: 2, note: 'x' }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers the same entities through the manager (other drivers, transactions) as on its own', async () => {
    const lookup = new LeanLookup(dataSource, Thing);
    const own = await lookup.byIds([2, 3, 1]);
    expect(await dataSource.transaction((manager) => lookup.byIds([2, 3, 1], manager))).toEqual(own);
    expect(own[0]).toBeInstanceOf(Thing);
  });

  it('reads inside a transaction through its manager', async () => {
    const lookup = new LeanLookup(dataSource, Thing);
    await dataSource.transaction(async (manager) => {
      await manager.getRepository(Thing).update({ id: 2 }, { name: 'changed' });
      expect((await lookup.byId(2, manager))?.name).toBe('changed');
    });
  });
});
