import { parseItemPath } from './batch.service';

describe('parseItemPath', () => {
  it('splits path and query', () => {
    expect(parseItemPath('/core/v2/users/5?context=edit&a[b]=1')).toEqual({
      path: '/core/v2/users/5',
      query: { context: 'edit', a: { b: '1' } },
    });
  });

  it('drops trailing slashes and keeps the root', () => {
    expect(parseItemPath('/core/v2/users/')?.path).toBe('/core/v2/users');
    expect(parseItemPath('')?.path).toBe('/');
  });

  it('fails for what wp_parse_url cannot parse', () => {
    expect(parseItemPath('http://user@:80')).toBeNull();
    expect(parseItemPath('/bad/%E0%A4%A')).toBeNull();
  });
});
