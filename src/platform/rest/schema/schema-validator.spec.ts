import type { JsonSchema } from './json-schema';
import { parseList, sanitizeTextField, sanitizeUrl, sanitizeValue, validateValue } from './schema-validator';

const message = (value: unknown, schema: JsonSchema, name = 'p') =>
  validateValue(value, schema, name)?.message;
const code = (value: unknown, schema: JsonSchema, name = 'p') => validateValue(value, schema, name)?.code;

describe('validateValue (rest_validate_value_from_schema)', () => {
  describe('bounds (no trailing period, bounds printed as integers)', () => {
    const both: JsonSchema = { type: 'integer', minimum: 1, maximum: 100 };
    it.each([
      [101, both, 'p must be between 1 (inclusive) and 100 (inclusive)'],
      [0, both, 'p must be between 1 (inclusive) and 100 (inclusive)'],
      [
        1,
        { type: 'integer', minimum: 1, maximum: 5, exclusiveMinimum: true },
        'p must be between 1 (exclusive) and 5 (inclusive)',
      ],
      [
        5,
        { type: 'integer', minimum: 1, maximum: 5, exclusiveMaximum: true },
        'p must be between 1 (inclusive) and 5 (exclusive)',
      ],
      [0, { type: 'integer', minimum: 1 }, 'p must be greater than or equal to 1'],
      [1, { type: 'integer', minimum: 1, exclusiveMinimum: true }, 'p must be greater than 1'],
      [9, { type: 'integer', maximum: 8 }, 'p must be less than or equal to 8'],
      [8, { type: 'integer', maximum: 8, exclusiveMaximum: true }, 'p must be less than 8'],
      [0.5, { type: 'number', minimum: 1.5 }, 'p must be greater than or equal to 1'],
    ] as Array<[number, JsonSchema, string]>)('%p against %j', (value, schema, expected) => {
      expect(message(value, schema)).toBe(expected);
      expect(code(value, schema)).toBe('rest_out_of_bounds');
      expect(validateValue(value, schema, 'p')?.data).toBeNull();
    });

    it('accepts values inside the bounds, including the edges', () => {
      expect(validateValue(1, both, 'p')).toBeNull();
      expect(validateValue('100', both, 'p')).toBeNull();
    });

    it('multipleOf', () => {
      expect(message(7, { type: 'integer', multipleOf: 2 })).toBe('p must be a multiple of 2.');
      expect(code(7, { type: 'integer', multipleOf: 2 })).toBe('rest_invalid_multiple');
      expect(validateValue(8, { type: 'integer', multipleOf: 2 }, 'p')).toBeNull();
    });
  });

  describe('enum (Oxford list)', () => {
    it.each([
      [['a'], 'p is not a.'],
      [['a', 'b'], 'p is not one of a and b.'],
      [['a', 'b', 'c'], 'p is not one of a, b, and c.'],
      [['view', 'embed', 'edit'], 'p is not one of view, embed, and edit.'],
    ])('%j', (values, expected) => {
      const schema: JsonSchema = { type: 'string', enum: values };
      expect(message('zzz', schema)).toBe(expected);
      expect(code('zzz', schema)).toBe('rest_not_in_enum');
      expect(validateValue('zzz', schema, 'p')?.data).toBeNull();
    });

    it('JSON-encodes non-scalar enum values', () => {
      expect(message({ a: 2 }, { type: 'object', enum: [{ a: 1 }, [1, 2]] })).toBe(
        'p is not one of {"a":1} and [1,2].',
      );
    });

    it('compares numbers loosely after sanitising', () => {
      expect(validateValue('1', { type: 'integer', enum: [1, 2] }, 'p')).toBeNull();
      expect(validateValue(1.0, { type: 'number', enum: [1] }, 'p')).toBeNull();
      expect(code('3', { type: 'integer', enum: [1, 2] })).toBe('rest_not_in_enum');
    });
  });

  describe('types', () => {
    it.each([
      ['abc', 'integer'],
      ['1.5', 'integer'],
      ['abc', 'number'],
      [12, 'string'],
      ['yes', 'boolean'],
      [2, 'boolean'],
      ['x', 'null'],
      [true, 'object'],
    ] as const)('%p is not of type %s', (value, type) => {
      expect(message(value, { type })).toBe(`p is not of type ${type}.`);
      expect(validateValue(value, { type }, 'p')?.data).toEqual({ param: 'p' });
    });

    it('joins multiple types with a bare comma', () => {
      expect(message(5, { type: ['string', 'null'] })).toBe('p is not of type string,null.');
    });

    it('accepts what WordPress accepts', () => {
      for (const [value, type] of [
        ['5', 'integer'],
        [' 5 ', 'integer'],
        ['5.0', 'integer'],
        [5, 'integer'],
        ['1e3', 'number'],
        ['TRUE', 'boolean'],
        ['0', 'boolean'],
        [1, 'boolean'],
        [null, 'null'],
        ['', 'object'],
        ['a,b', 'array'],
        [{ 0: 'a', 1: 'b' }, 'array'],
      ] as const) {
        expect(validateValue(value, { type }, 'p')).toBeNull();
      }
    });

    it('an empty string with string among the types is a string', () => {
      expect(validateValue('', { type: ['integer', 'string'], minLength: 0 }, 'p')).toBeNull();
      expect(sanitizeValue('', { type: ['integer', 'string'] })).toBe('');
    });

    it('an object with non-numeric keys is not an array', () => {
      expect(message({ a: 1 }, { type: 'array' })).toBe('p is not of type array.');
    });
  });

  describe('strings and formats', () => {
    it('length', () => {
      expect(message('ab', { type: 'string', minLength: 3 })).toBe('p must be at least 3 characters long.');
      expect(message('', { type: 'string', minLength: 1 })).toBe('p must be at least 1 character long.');
      expect(message('abcd', { type: 'string', maxLength: 3 })).toBe('p must be at most 3 characters long.');
      expect(message('ab', { type: 'string', maxLength: 1 })).toBe('p must be at most 1 character long.');
      expect(code('ab', { type: 'string', minLength: 3 })).toBe('rest_too_short');
      expect(code('abcd', { type: 'string', maxLength: 3 })).toBe('rest_too_long');
      // Counted in characters, not bytes.
      expect(validateValue('æøå', { type: 'string', maxLength: 3 }, 'p')).toBeNull();
    });

    it('pattern', () => {
      expect(message('abc', { type: 'string', pattern: '^\\d+$' })).toBe('p does not match pattern ^\\d+$.');
      expect(code('abc', { type: 'string', pattern: '^\\d+$' })).toBe('rest_invalid_pattern');
    });

    it('date-time', () => {
      const schema: JsonSchema = { type: 'string', format: 'date-time' };
      expect(message('foo', schema)).toBe('Invalid date.');
      expect(code('2024-13-45T10:00:00', schema)).toBe('rest_invalid_date');
      for (const ok of [
        '2024-05-01T10:00:00',
        '2024-05-01 10:00:00',
        '2024-05-01T10:00:00Z',
        '2024-05-01T10:00:00+02:00',
      ]) {
        expect(validateValue(ok, schema, 'p')).toBeNull();
      }
      expect(code('2024-05-01', schema)).toBe('rest_invalid_date');
    });

    it('email', () => {
      const schema: JsonSchema = { type: 'string', format: 'email' };
      expect(message('not-an-email', schema)).toBe('Invalid email address.');
      expect(code('a@b', schema)).toBe('rest_invalid_email');
      expect(validateValue('someone@example.test', schema, 'p')).toBeNull();
    });

    it('uuid', () => {
      const schema: JsonSchema = { type: 'string', format: 'uuid' };
      expect(message('1234', schema)).toBe('p is not a valid UUID.');
      expect(code('1234', schema)).toBe('rest_invalid_uuid');
      expect(validateValue('6f1c2d7e-3b4a-4c5d-8e9f-0a1b2c3d4e5f', schema, 'p')).toBeNull();
    });

    it('hex-color and ip', () => {
      expect(message('red', { type: 'string', format: 'hex-color' })).toBe('Invalid hex color.');
      expect(validateValue('#a0b', { type: 'string', format: 'hex-color' }, 'p')).toBeNull();
      expect(message('nope', { type: 'string', format: 'ip' })).toBe('p is not a valid IP address.');
      expect(validateValue('127.0.0.1', { type: 'string', format: 'ip' }, 'p')).toBeNull();
    });
  });

  describe('arrays', () => {
    const ints: JsonSchema = { type: 'array', items: { type: 'integer' } };
    it('names the failing item with its index', () => {
      expect(message('1,x', ints, 'include')).toBe('include[1] is not of type integer.');
      expect(message(['invalid'], ints, 'include')).toBe('include[0] is not of type integer.');
    });

    it('item counts and uniqueness', () => {
      expect(message([1], { ...ints, minItems: 2 })).toBe('p must contain at least 2 items.');
      expect(message([1, 2], { ...ints, maxItems: 1 })).toBe('p must contain at most 1 item.');
      expect(code([1, 2], { ...ints, maxItems: 1 })).toBe('rest_too_many_items');
      expect(message([1, '1'], { ...ints, uniqueItems: true })).toBe('p has duplicate items.');
      expect(validateValue([1, 2], { ...ints, uniqueItems: true }, 'p')).toBeNull();
    });

    it('nested item names', () => {
      const schema: JsonSchema = {
        type: 'array',
        items: { type: 'object', properties: { method: { type: 'string', enum: ['GET', 'POST'] } } },
      };
      expect(message([{ method: 'GET' }, { method: 'PUT' }], schema, 'requests')).toBe(
        'requests[1][method] is not one of GET and POST.',
      );
    });
  });

  describe('objects', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'integer', required: true }, b: { type: 'string' } },
      additionalProperties: false,
    };
    it('required properties', () => {
      expect(message({ b: 'x' }, schema, 'meta')).toBe('a is a required property of meta.');
      expect(code({ b: 'x' }, schema, 'meta')).toBe('rest_property_required');
    });

    it('additional properties', () => {
      expect(message({ a: 1, c: 2 }, schema, 'meta')).toBe('c is not a valid property of Object.');
      expect(code({ a: 1, c: 2 }, schema, 'meta')).toBe('rest_additional_properties_forbidden');
    });

    it('property values are validated with nested names', () => {
      expect(message({ a: 'x' }, schema, 'meta')).toBe('meta[a] is not of type integer.');
    });

    it('additionalProperties as a schema', () => {
      const map: JsonSchema = { type: 'object', additionalProperties: { type: 'integer' } };
      expect(message({ k: 'v' }, map, 'm')).toBe('m[k] is not of type integer.');
      expect(validateValue({ k: '2' }, map, 'm')).toBeNull();
    });

    it('property counts', () => {
      expect(message({}, { type: 'object', minProperties: 1 })).toBe('p must contain at least 1 property.');
      expect(message({ a: 1, b: 2, c: 3 }, { type: 'object', maxProperties: 2 })).toBe(
        'p must contain at most 2 properties.',
      );
    });
  });

  describe('oneOf / anyOf', () => {
    const termList: JsonSchema = {
      title: 'Term ID List',
      oneOf: [
        { title: 'Term ID List', type: 'array', items: { type: 'integer' } },
        {
          title: 'Term ID List (with operator)',
          type: 'object',
          properties: { terms: { type: 'array', items: { type: 'integer' } } },
        },
      ],
    };

    it('drops the type mismatch of other branches and explains the remaining one', () => {
      const problem = validateValue('abc', termList, 'categories');
      expect(problem?.code).toBe('rest_no_matching_schema');
      expect(problem?.message).toBe(
        'categories is not a valid Term ID List. Reason: categories[0] is not of type integer.',
      );
      expect(problem?.data).toEqual({ position: 0 });
    });

    it('accepts a value matching exactly one branch', () => {
      expect(validateValue('1,2', termList, 'categories')).toBeNull();
      expect(validateValue({ terms: [1] }, termList, 'categories')).toBeNull();
    });

    it('oneOf with several matches', () => {
      const schema: JsonSchema = {
        oneOf: [
          { title: 'A', type: 'integer' },
          { title: 'B', type: 'number' },
        ],
      };
      const problem = validateValue(3, schema, 'p');
      expect(problem?.code).toBe('rest_one_of_multiple_matches');
      expect(problem?.message).toBe('p matches A and B, but should match only one.');
      expect(problem?.data).toEqual({ positions: [0, 1] });
      const untitled = validateValue(3, { oneOf: [{ type: 'integer' }, { type: 'number' }] }, 'p');
      expect(untitled?.message).toBe('p matches more than one of the expected formats.');
    });

    it('anyOf accepts several matches and reports all failures otherwise', () => {
      const schema: JsonSchema = { anyOf: [{ type: 'integer' }, { type: 'number' }] };
      expect(validateValue(3, schema, 'p')).toBeNull();
      const both: JsonSchema = {
        anyOf: [
          { type: 'integer', minimum: 10 },
          { type: 'string', minLength: 10 },
        ],
      };
      expect(validateValue(3, both, 'p')?.message).toBe(
        'p does not match the expected format. Reason: p must be greater than or equal to 10',
      );
      const none = validateValue(true, { anyOf: [{ type: 'integer' }, { type: 'string' }] }, 'p');
      expect(none?.code).toBe('rest_no_matching_schema');
      expect(none?.message).toBe('p does not match any of the expected formats.');
      expect(none?.data).toBeNull();
      const titled = validateValue(
        true,
        {
          anyOf: [
            { title: 'Number', type: 'integer' },
            { title: 'Word', type: 'string' },
          ],
        },
        'p',
      );
      expect(titled?.message).toBe('p is not a valid Number and Word.');
    });

    it('with only object errors, the branch sharing most properties explains', () => {
      const schema: JsonSchema = {
        oneOf: [
          { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
          {
            title: 'Pair',
            type: 'object',
            properties: { x: { type: 'integer' }, y: { type: 'integer' } },
            additionalProperties: false,
          },
        ],
      };
      expect(validateValue({ x: 1, y: 'z' }, schema, 'p')?.message).toBe(
        'p is not a valid Pair. Reason: p[y] is not of type integer.',
      );
    });
  });
});

describe('sanitizeValue (rest_sanitize_value_from_schema)', () => {
  it('booleans', () => {
    expect(sanitizeValue('false', { type: 'boolean' })).toBe(false);
    expect(sanitizeValue('0', { type: 'boolean' })).toBe(false);
    expect(sanitizeValue('TRUE', { type: 'boolean' })).toBe(true);
    expect(sanitizeValue(1, { type: 'boolean' })).toBe(true);
  });

  it('integers and numbers', () => {
    expect(sanitizeValue('42', { type: 'integer' })).toBe(42);
    expect(sanitizeValue('5.0', { type: 'integer' })).toBe(5);
    expect(sanitizeValue('2.5', { type: 'number' })).toBe(2.5);
  });

  it('arrays re-indexed and items sanitised', () => {
    expect(sanitizeValue('1,2,', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2]);
    expect(sanitizeValue({ 0: '3', 1: '4' }, { type: 'array', items: { type: 'integer' } })).toEqual([3, 4]);
  });

  it('objects drop unknown keys when additionalProperties is false', () => {
    expect(
      sanitizeValue(
        { a: '1', b: 2 },
        { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
      ),
    ).toEqual({ a: 1 });
    expect(sanitizeValue('', { type: 'object' })).toEqual({});
  });

  it('string formats', () => {
    expect(sanitizeValue(' <b>a</b>\n b ', { type: 'string', format: 'text-field' })).toBe('a b');
    expect(sanitizeValue('javascript:alert(1)', { type: 'string', format: 'uri' })).toBe('');
    expect(sanitizeValue('http://x.test/a b', { type: 'string', format: 'uri' })).toBe('http://x.test/a%20b');
  });

  it('helpers', () => {
    expect(parseList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(parseList('')).toEqual([]);
    expect(sanitizeTextField('  x\t\ty  ')).toBe('x y');
    expect(sanitizeUrl('mailto:a@b.test')).toBe('mailto:a@b.test');
  });
});
