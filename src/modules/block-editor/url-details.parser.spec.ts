import { parseUrlDetails } from './url-details.parser';

describe('parseUrlDetails', () => {
  it('reads the title, icon, description and image of the head', () => {
    const html = `<!doctype html><html><head>
      <title>  Excavators &amp; <b>more</b> &#8211; Site </title>
      <link rel="stylesheet" href="/style.css">
      <link rel='shortcut icon' href='/favicon.ico' />
      <meta name="description" content="Grade control &quot;3D&quot;">
      <meta property="og:image" content="img/hero.png">
      </head><body><title>not this</title></body></html>`;
    expect(parseUrlDetails(html, 'https://example.com/products/')).toEqual({
      title: 'Excavators & more – Site',
      icon: 'https://example.com/favicon.ico',
      description: 'Grade control "3D"',
      image: 'https://example.com/products/img/hero.png',
    });
  });

  it('falls back to the Open Graph description and answers empty strings for what is missing', () => {
    expect(
      parseUrlDetails('<head><meta property="og:description" content="From OG"></head>', 'http://a.test/'),
    ).toEqual({
      title: '',
      icon: '',
      description: 'From OG',
      image: '',
    });
    expect(parseUrlDetails('', 'http://a.test/')).toEqual({
      title: '',
      icon: '',
      description: '',
      image: '',
    });
  });

  it('keeps the first icon and ignores unrelated links', () => {
    const html = '<link rel="apple-touch-icon" href="https://cdn.test/a.png"><link rel="icon" href="/b.ico">';
    expect(parseUrlDetails(html, 'http://a.test/x').icon).toBe('https://cdn.test/a.png');
  });
});
