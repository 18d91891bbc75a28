import { MediaEntity } from './media.entity';
import { fileExtension, toImageObject } from './media.mapper';
import { isImageUrl } from './media.service';

const urls = { site: (path = '/') => `http://example.test${path}` };

describe('toImageObject', () => {
  it('is false without media', () => {
    expect(toImageObject(null, urls)).toBe(false);
  });

  it('gives url, id, extension and known dimensions', () => {
    const media = Object.assign(new MediaEntity(), {
      id: 4,
      url: '/uploads/a.JPG',
      width: 800,
      height: null,
    });
    expect(toImageObject(media, urls)).toEqual({
      url: 'http://example.test/uploads/a.JPG',
      id: 4,
      extension: 'jpg',
      width: 800,
    });
  });

  it('recognises image URLs', () => {
    expect(fileExtension('https://x.test/a/b.png?x=1')).toBe('png');
    expect(isImageUrl('https://x.test/a/b.png')).toBe(true);
    expect(isImageUrl('https://x.test/a/b.pdf')).toBe(false);
    expect(isImageUrl('foo bar')).toBe(false);
  });
});
