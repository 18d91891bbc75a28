import type { JsonSchema } from '../schema';
import { isShared, share } from './shared-items';
import { filterByContext } from './shaping';

describe('filterByContext', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'integer', context: ['view', 'edit'] },
      password: { type: 'string', context: ['edit'] },
      title: {
        type: 'object',
        context: ['view', 'edit'],
        properties: {
          raw: { type: 'string', context: ['edit'] },
          rendered: { type: 'string', context: ['view', 'edit'] },
        },
      },
      meta: {
        type: 'object',
        context: ['view', 'edit'],
        properties: { footnotes: { type: 'string', context: ['view', 'edit'] } },
      },
      class_list: { type: 'array', context: ['view', 'edit'], items: { type: 'string' } },
      terms: {
        type: 'array',
        context: ['view', 'edit'],
        items: { type: 'object', properties: { id: { type: 'integer' }, secret: { context: ['edit'] } } },
      },
    },
  };
  const data = {
    id: 1,
    password: 'p',
    title: { raw: 'r', rendered: 'R' },
    meta: { footnotes: '', extra: 1 },
    class_list: ['a'],
    terms: [{ id: 2, secret: 's' }],
    _links: { self: [] },
  };

  it('drops what the context hides, at any depth, and keeps keys the schema does not know', () => {
    expect(filterByContext(data, schema, 'view')).toEqual({
      id: 1,
      title: { rendered: 'R' },
      meta: { footnotes: '', extra: 1 },
      class_list: ['a'],
      terms: [{ id: 2 }],
      _links: { self: [] },
    });
    expect(filterByContext(data, schema, 'edit')).toEqual(data);
  });

  it('keeps values whose schema hides nothing in the context as they are', () => {
    const view = filterByContext(data, schema, 'view') as typeof data;
    expect(view.meta).toBe(data.meta);
    expect(view.class_list).toBe(data.class_list);
    expect(view.title).not.toBe(data.title);
    expect(view.terms).not.toBe(data.terms);
  });

  it('answers new items even where the context hides nothing (the embedder adds _embedded to them in place)', () => {
    expect(filterByContext(data, schema, 'edit')).not.toBe(data);
    const [item] = filterByContext([data], schema, 'edit') as unknown[];
    expect(item).not.toBe(data);
  });

  it('answers one shared, frozen form per shared item and context (the embedder copies those)', () => {
    const item = share({ ...data });
    const view = filterByContext(item, schema, 'view');
    expect(filterByContext(item, schema, 'view')).toBe(view);
    expect(filterByContext(item, schema, 'edit')).not.toBe(view);
    expect(isShared(view)).toBe(true);
    expect(Object.isFrozen(view)).toBe(true);
  });
});
