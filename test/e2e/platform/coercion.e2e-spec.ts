import { TestApp, TestUser } from '../../helpers/test-app';
import { createProbeApp } from './probe-app';

const ECHO = '/wp-json/probe/v1/echo';

describe('parameter coercion', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createProbeApp();
    admin = await t.user('administrator');
  });
  afterAll(() => t.close());

  const echo = async (query: string) => {
    const res = await t.http().get(`${ECHO}?${query}`);
    return res;
  };

  describe('boolean', () => {
    it.each([
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
      ['TRUE', true],
      ['False', false],
    ])('b=%s becomes %s', async (value, expected) => {
      const res = await echo(`b=${value}`);
      expect(res.status).toBe(200);
      expect(res.body.args.b).toBe(expected);
    });

    it.each(['yes', 'no', '2', 'on'])('b=%s is rejected', async (value) => {
      const res = await echo(`b=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.params).toEqual({ b: 'b is not of type boolean.' });
    });

    it('accepts JSON booleans and 0/1 numbers', async () => {
      const yes = await t.http().post(ECHO).send({ b: true });
      expect(yes.body.args.b).toBe(true);
      const zero = await t.http().post(ECHO).send({ b: 0 });
      expect(zero.body.args.b).toBe(false);
      const bad = await t.http().post(ECHO).send({ b: 5 });
      expect(bad.status).toBe(400);
    });
  });

  describe('integer', () => {
    it.each([
      ['5', 5],
      ['+3', 3],
      ['%205%20', 5],
      ['5.0', 5],
    ])('i=%s becomes %s', async (value, expected) => {
      const res = await echo(`i=${value}`);
      expect(res.status).toBe(200);
      expect(res.body.args.i).toBe(expected);
    });

    it('a fraction is not an integer', async () => {
      const res = await echo('i=2.5');
      expect(res.status).toBe(400);
      expect(res.body.data.params.i).toBe('i is not of type integer.');
    });

    it('bounds are checked before the integer check', async () => {
      const res = await echo('i=11.5');
      expect(res.body.data.params.i).toBe('i must be between 1 (inclusive) and 10 (inclusive)');
    });

    it('a word is not an integer', async () => {
      const res = await echo('i=five');
      expect(res.body.data.params.i).toBe('i is not of type integer.');
      expect(res.body.data.details.i.data).toEqual({ param: 'i' });
    });

    it('a JSON string integer is accepted, a JSON fraction is not', async () => {
      const ok = await t.http().post(ECHO).send({ i: '4' });
      expect(ok.body.args.i).toBe(4);
      const bad = await t.http().post(ECHO).send({ i: 4.2 });
      expect(bad.status).toBe(400);
    });
  });

  it('number: numeric strings become numbers', async () => {
    const res = await echo('n=2.75');
    expect(res.body.args.n).toBe(2.75);
    const bad = await echo('n=abc');
    expect(bad.body.data.params.n).toBe('n is not of type number.');
  });

  describe('array', () => {
    it('splits a comma-separated list and coerces items', async () => {
      const res = await echo('ints=1,2,3');
      expect(res.body.args.ints).toEqual([1, 2, 3]);
    });

    it('splits on whitespace and drops empty pieces', async () => {
      const res = await echo('ints=1,%202,,');
      expect(res.body.args.ints).toEqual([1, 2]);
      const words = await echo('words=a%20b,c');
      expect(words.body.args.words).toEqual(['a', 'b', 'c']);
    });

    it('accepts the ints[]=... form', async () => {
      const res = await echo('ints[]=4&ints[]=5');
      expect(res.body.args.ints).toEqual([4, 5]);
    });

    it('a single value becomes a one-item list', async () => {
      const res = await echo('ints=9');
      expect(res.body.args.ints).toEqual([9]);
    });

    it('names the failing item', async () => {
      const res = await echo('ints=1,2,x');
      expect(res.status).toBe(400);
      expect(res.body.data.params.ints).toBe('ints[2] is not of type integer.');
    });

    it('a JSON array is taken as is', async () => {
      const res = await t
        .http()
        .post(ECHO)
        .send({ ints: ['1', 2] });
      expect(res.body.args.ints).toEqual([1, 2]);
    });
  });

  describe('enum', () => {
    it('accepts a listed value', async () => {
      const res = await echo('color=green');
      expect(res.body.args.color).toBe('green');
    });

    it('rejects other values with an Oxford list', async () => {
      const res = await echo('color=pink');
      expect(res.body.data.params.color).toBe('color is not one of red, green, and blue.');
      expect(res.body.data.details.color.code).toBe('rest_not_in_enum');
    });

    it('is case-sensitive', async () => {
      const res = await echo('color=Red');
      expect(res.status).toBe(400);
    });
  });

  describe('string and object', () => {
    it('a JSON number is not a string', async () => {
      const res = await t.http().post(ECHO).send({ s: 12 });
      expect(res.status).toBe(400);
      expect(res.body.data.params.s).toBe('s is not of type string.');
    });

    it('an object with an unknown property is rejected', async () => {
      const res = await t
        .http()
        .post(ECHO)
        .send({ o: { x: 1, y: 2 } });
      expect(res.status).toBe(400);
      expect(res.body.data.params.o).toBe('y is not a valid property of Object.');
    });

    it('an object property is coerced', async () => {
      const res = await echo('o[x]=3');
      expect(res.body.args.o).toEqual({ x: 3 });
    });
  });

  describe('multi-type', () => {
    it('takes the first listed type that accepts the value', async () => {
      expect((await echo('ib=5')).body.args.ib).toBe(5);
      expect((await echo('ib=false')).body.args.ib).toBe(false);
    });

    it('lists the types, comma-joined, when none accepts it', async () => {
      const res = await echo('ib=maybe');
      expect(res.body.data.params.ib).toBe('ib is not of type integer,boolean.');
    });
  });

  describe('defaults and sources', () => {
    it('applies defaults, and has() tells sent from defaulted', async () => {
      const res = await echo('b=1');
      expect(res.body.args.d).toBe(7);
      expect(res.body.args.context).toBe('view');
      expect(res.body.sent).toEqual({ b: true, d: false });
      expect(res.body.args).not.toHaveProperty('i');
    });

    it('undeclared parameters are ignored, not rejected', async () => {
      const res = await echo('unknown=1&b=0');
      expect(res.status).toBe(200);
      expect(res.body.args).not.toHaveProperty('unknown');
    });

    it('JSON body wins over the query string', async () => {
      const res = await t.http().post(`${ECHO}?i=2`).send({ i: 3 });
      expect(res.body.args.i).toBe(3);
    });

    it('form body wins over the query string', async () => {
      const res = await t.http().post(`${ECHO}?i=2&color=red`).type('form').send('i=4&b=true');
      expect(res.body.args).toMatchObject({ i: 4, b: true, color: 'red' });
    });

    it('a form body is ignored on GET', async () => {
      const res = await t.http().get(`${ECHO}?i=2`).type('form').send('i=4');
      expect(res.body.args.i).toBe(2);
    });
  });

  describe('on real routes', () => {
    it('users: integers from strings and include lists', async () => {
      const second = await t.user('editor');
      const res = await t
        .http()
        .get(`/wp-json/core/v2/users?include=${admin.id},${second.id}&orderby=include&order=desc&per_page=5`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.map((u: { id: number }) => u.id)).toEqual([second.id, admin.id]);
      expect(res.headers['x-wp-total']).toBe('2');
    });

    it('users delete: force=yes is not a boolean', async () => {
      const victim = await t.user('subscriber');
      const res = await t
        .http()
        .delete(`/wp-json/core/v2/users/${victim.id}?force=yes&reassign=false`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(400);
      expect(res.body.data.params).toEqual({ force: 'force is not of type boolean.' });
    });

    it('users delete: force=0 is false (501), force=1 deletes', async () => {
      const victim = await t.user('subscriber');
      const keep = await t
        .http()
        .delete(`/wp-json/core/v2/users/${victim.id}?force=0&reassign=false`)
        .set('Authorization', admin.auth);
      expect(keep.status).toBe(501);
      const gone = await t
        .http()
        .delete(`/wp-json/core/v2/users/${victim.id}?force=1&reassign=false`)
        .set('Authorization', admin.auth);
      expect(gone.status).toBe(200);
      expect(gone.body.deleted).toBe(true);
    });

    it('users list: order must be asc or desc', async () => {
      const res = await t.http().get('/wp-json/core/v2/users?order=up');
      expect(res.body.data.params.order).toBe('order is not one of asc and desc.');
    });
  });
});
