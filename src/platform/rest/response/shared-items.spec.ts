import { isShared, serialize, share, SharedDerivations, SharedItems } from './shared-items';

describe('SharedItems', () => {
  it('hands out the same object while every input is the same, and builds again when one differs', () => {
    const memo = new SharedItems<{ title: string }>(10, 10_000);
    let builds = 0;
    const build = (title: string) => () => {
      builds += 1;
      return { title };
    };
    const first = memo.get('post:1', [1, 'Hello', null], build('Hello'));
    // Equal text in another string object is the same input.
    const again = memo.get('post:1', [1, ['Hel', 'lo'].join(''), null], build('Hello'));
    expect(again).toBe(first);
    expect(builds).toBe(1);
    const changed = memo.get('post:1', [1, 'Hello!', null], build('Hello!'));
    expect(changed).not.toBe(first);
    expect(changed.title).toBe('Hello!');
    expect(memo.get('post:1', [1, 'Hello!', undefined], build('x')).title).toBe('x');
    expect(memo.get('post:1', [1, 'Hello!'], build('y')).title).toBe('y');
    expect(builds).toBe(4);
    expect(memo.size).toBe(1);
  });

  it('freezes what it hands out, deeply, and marks it shared', () => {
    const memo = new SharedItems<{ links: { self: string[] } }>(10, 10_000);
    const item = memo.get('a', [], () => ({ links: { self: ['x'] } }));
    expect(isShared(item)).toBe(true);
    expect(Object.isFrozen(item.links.self)).toBe(true);
    expect(() => {
      'use strict';
      (item.links.self as string[]).push('y');
    }).toThrow(TypeError);
  });

  it('keeps at most maxEntries objects, least recently used out, and none with oversized inputs', () => {
    const memo = new SharedItems<{ n: number }>(2, 100_000);
    let builds = 0;
    const get = (key: string) =>
      memo.get(key, [key], () => {
        builds += 1;
        return { n: builds };
      });
    get('a');
    get('b');
    get('a');
    get('c');
    expect(memo.size).toBe(2);
    get('a');
    expect(builds).toBe(3);
    get('b');
    expect(builds).toBe(4);
    get('huge-' + 'x'.repeat(10_000));
    expect(memo.size).toBe(2);
  });
});

describe('SharedDerivations', () => {
  it('derives once per shared source and values, and shares the result', () => {
    const derivations = new SharedDerivations<{ n: number }>();
    const source = share({ n: 1 });
    let runs = 0;
    const derive = () => {
      runs += 1;
      return { n: runs };
    };
    const view = derivations.get(source, ['view'], derive);
    expect(derivations.get(source, ['view'], derive)).toBe(view);
    expect(derivations.get(source, ['embed'], derive)).not.toBe(view);
    expect(runs).toBe(2);
    expect(isShared(view)).toBe(true);
  });

  it('keeps a few forms per source: new values on every call do not pile up', () => {
    const derivations = new SharedDerivations<{ n: number }>();
    const source = share({ n: 1 });
    const first = derivations.get(source, [{}], () => ({ n: 0 }));
    for (let call = 0; call < 10; call++) derivations.get(source, [{}], () => ({ n: call }));
    const again = derivations.get(source, [{}], () => ({ n: 99 }));
    expect(again).not.toBe(first);
    expect(again.n).toBe(99);
  });
});

describe('serialize', () => {
  it('gives exactly what JSON.stringify gives, for lists mixing shared and other items', () => {
    const sharedItem = share({ id: 1, title: { rendered: 'A “quote”' }, tags: [1, 2] });
    const values: unknown[] = [
      [sharedItem, { id: 2 }, undefined, null, 3, 'text', sharedItem],
      [sharedItem],
      sharedItem,
      [],
      { id: 3 },
      null,
      'plain',
      [{ toJSON: () => 'custom' }, sharedItem],
      {
        events: [sharedItem, { id: 9 }],
        rest_url: 'http://x.test/?a="b"',
        total: 2,
        gone: undefined,
        f: () => 1,
      },
      { 'quoted "key"': [sharedItem], nested: { list: [sharedItem] } },
      { toJSON: () => ({ other: true }), events: [sharedItem] },
      Object.assign(Object.create(null) as object, { events: [sharedItem] }),
    ];
    for (const value of values) expect(serialize(value)).toBe(JSON.stringify(value));
  });

  it('answers undefined as an empty body', () => {
    expect(serialize(undefined)).toBe('');
  });
});
