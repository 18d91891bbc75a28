import { blankProtected, canSeeProtected } from './password';

describe('password protection', () => {
  it('blanks protected keys recursively, keeping title, state and dates', () => {
    const blanked = blankProtected({
      id: 1,
      venue: 'Hall',
      state: 'NY',
      city: 'New York',
      description: '<p>x</p>',
      image: { id: 3 },
      date: '2020-01-01 00:00:00',
      nested: [{ phone: '123', name: 'kept' }],
    });
    expect(blanked).toEqual({
      id: 1,
      venue: [],
      state: 'NY',
      city: '',
      description: '',
      image: false,
      date: '2020-01-01 00:00:00',
      nested: [{ phone: '', name: 'kept' }],
    });
  });

  it('grants access without password, with edit rights, or with the right password', () => {
    expect(canSeeProtected('', false)).toBe(true);
    expect(canSeeProtected('secret', true)).toBe(true);
    expect(canSeeProtected('secret', false, 'secret')).toBe(true);
    expect(canSeeProtected('secret', false, 'wrong')).toBe(false);
    expect(canSeeProtected('secret', false)).toBe(false);
  });
});
