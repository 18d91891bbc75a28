import { mysqlLiteral } from './database-backup';

describe('mysqlLiteral', () => {
  it('writes each value as MySQL reads it back', () => {
    expect(mysqlLiteral(null)).toBe('NULL');
    expect(mysqlLiteral(undefined)).toBe('NULL');
    expect(mysqlLiteral(42)).toBe('42');
    expect(mysqlLiteral(12345678901234567890n)).toBe('12345678901234567890');
    expect(mysqlLiteral(true)).toBe('1');
    expect(mysqlLiteral(Buffer.from([0, 255]))).toBe("X'00ff'");
    expect(mysqlLiteral(Buffer.alloc(0))).toBe("''");
    expect(mysqlLiteral(new Date(Date.UTC(2030, 8, 1, 7, 5, 3, 120)))).toBe("'2030-09-01 07:05:03.120'");
    expect(mysqlLiteral(`it's a "quote" \\ with\nnew\tline\0 and \x1a`)).toBe(
      `'it\\'s a \\"quote\\" \\\\ with\\nnew\\tline\\0 and \\Z'`,
    );
    expect(mysqlLiteral({ a: "b'" })).toBe(`'{\\"a\\":\\"b\\'\\"}'`);
  });
});
