import { makeClickable, renderCommentContent, statusName } from './comment.mapper';

describe('comment mapper', () => {
  it('names stored statuses as the API does', () => {
    expect(['1', '0', 'spam', 'trash', 'post-trashed'].map(statusName)).toEqual([
      'approved',
      'hold',
      'spam',
      'trash',
      'post-trashed',
    ]);
  });

  it('makes bare addresses clickable outside tags and anchors, keeping trailing punctuation out', () => {
    expect(makeClickable('see http://a.test/x.')).toBe(
      'see <a href="http://a.test/x" rel="nofollow ugc">http://a.test/x</a>.',
    );
    expect(makeClickable('<a href="http://a.test">http://a.test</a>')).toBe(
      '<a href="http://a.test">http://a.test</a>',
    );
    expect(makeClickable('<img src="http://a.test/i.png">')).toBe('<img src="http://a.test/i.png">');
  });

  it('renders paragraphs and line breaks as comment_text does', () => {
    expect(renderCommentContent('Hi, this is a comment.\nSecond line.')).toBe(
      '<p>Hi, this is a comment.<br />\nSecond line.</p>\n',
    );
    expect(renderCommentContent('Fish & chips')).toBe('<p>Fish &#038; chips</p>\n');
  });
});
