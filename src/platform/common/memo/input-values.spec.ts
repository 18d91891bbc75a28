import { pushValues } from './input-values';

const valuesOf = (value: unknown) => {
  const inputs: unknown[] = [];
  pushValues(inputs, value);
  return inputs;
};

describe('pushValues', () => {
  it('lists the primitive values of nested objects and arrays with their keys and lengths', () => {
    expect(valuesOf({ id: 3, terms: [{ slug: 'a' }], venue: null })).toEqual([
      'id',
      3,
      'terms',
      1,
      'slug',
      'a',
      'venue',
      null,
    ]);
  });

  it('tells apart values that differ only in shape', () => {
    expect(valuesOf({ a: [1, 2] })).not.toEqual(valuesOf({ a: [1], b: 2 }));
    expect(valuesOf([[1], []])).not.toEqual(valuesOf([[], [1]]));
  });

  it('counts a Date by its time and other objects by their identity', () => {
    expect(valuesOf({ at: new Date(5) })).toEqual(valuesOf({ at: new Date(5) }));
    expect(valuesOf({ at: new Date(5) })).not.toEqual(valuesOf({ at: new Date(6) }));
    const map = new Map([[1, 2]]);
    expect(valuesOf({ m: map })[1]).toBe(map);
  });
});
