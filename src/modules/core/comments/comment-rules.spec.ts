import { countLinks, decodeEntities, isDisallowed, keyWords, passesModeration } from './comment-rules';

const fields = {
  authorName: 'Reader',
  authorEmail: 'reader@example.com',
  authorUrl: '',
  content: 'Nice digger.',
  authorIp: '192.0.2.1',
  authorAgent: 'Agent/1.0',
};
const open = {
  moderation: false,
  previouslyApproved: false,
  maxLinks: 2,
  moderationKeys: '',
  disallowedKeys: '',
};

describe('comment rules', () => {
  it('reads one key word per line, trimmed', () => {
    expect(keyWords(' viagra \n\n  casino\r\n')).toEqual(['viagra', 'casino']);
  });

  it('counts anchors and bare addresses as links', () => {
    expect(countLinks('see <a href="http://a.test">a</a> and http://b.test or www.c.test')).toBe(3);
    expect(countLinks('<a href="http://a.test">http://a.test</a>')).toBe(1);
    expect(countLinks('no links here')).toBe(0);
  });

  it('decodes character references', () => {
    expect(decodeEntities('&#99;asino &amp; &#x63;o')).toBe('casino & co');
  });

  it('finds disallowed words in any field, case-insensitively, also inside words', () => {
    expect(isDisallowed({ ...fields, authorAgent: 'EvilBot' }, { disallowedKeys: 'evilbot' })).toBe(true);
    expect(isDisallowed({ ...fields, content: 'buy &#99;asino chips' }, { disallowedKeys: 'casino' })).toBe(
      true,
    );
    expect(isDisallowed(fields, { disallowedKeys: 'casino' })).toBe(false);
  });

  it('holds under manual moderation, too many links, or a moderation word', async () => {
    const yes = async () => true;
    expect(await passesModeration(fields, open, yes)).toBe(true);
    expect(await passesModeration(fields, { ...open, moderation: true }, yes)).toBe(false);
    expect(await passesModeration({ ...fields, content: 'http://a.test http://b.test' }, open, yes)).toBe(
      false,
    );
    expect(await passesModeration({ ...fields, content: 'http://a.test' }, open, yes)).toBe(true);
    expect(
      await passesModeration({ ...fields, content: 'http://a.test' }, { ...open, maxLinks: 0 }, yes),
    ).toBe(true);
    expect(await passesModeration(fields, { ...open, moderationKeys: 'digger' }, yes)).toBe(false);
    expect(await passesModeration(fields, { ...open, moderationKeys: '192.0.2.' }, yes)).toBe(false);
  });

  it('needs an earlier approved comment, a name and an e-mail when previously-approved applies', async () => {
    const rule = { ...open, previouslyApproved: true };
    expect(await passesModeration(fields, rule, async () => true)).toBe(true);
    expect(await passesModeration(fields, rule, async () => false)).toBe(false);
    expect(await passesModeration({ ...fields, authorEmail: '' }, rule, async () => true)).toBe(false);
  });
});
