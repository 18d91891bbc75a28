import { embedSize } from './oembed.service';

describe('embedSize', () => {
  it.each([
    [400, 400, 225],
    [600, 600, 338],
    [100, 200, 200],
    [1000, 600, 338],
    [0, 200, 200],
    [300, 300, 200],
  ])('maxwidth %d gives %dx%d', (maxwidth, width, height) => {
    expect(embedSize(maxwidth)).toEqual({ width, height });
  });
});
