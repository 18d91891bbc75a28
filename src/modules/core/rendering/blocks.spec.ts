import { blockVersion, excerptRemoveBlocks, hasBlocks, parseBlocks, stripBlockDelimiters } from './blocks';

const PARAGRAPH_BLOCK = '<!-- wp:paragraph -->\n<p>Hello</p>\n<!-- /wp:paragraph -->';

describe('hasBlocks / blockVersion', () => {
  it('detects block delimiters', () => {
    expect(hasBlocks(PARAGRAPH_BLOCK)).toBe(true);
    expect(blockVersion(PARAGRAPH_BLOCK)).toBe(1);
    expect(hasBlocks('<p>Classic</p><!-- more -->')).toBe(false);
    expect(blockVersion('<p>Classic</p>')).toBe(0);
  });
});

describe('stripBlockDelimiters', () => {
  it('removes opening, closing and void delimiters and keeps the markup', () => {
    expect(stripBlockDelimiters(PARAGRAPH_BLOCK)).toBe('\n<p>Hello</p>\n');
    expect(
      stripBlockDelimiters(
        '<!-- wp:image {"id":5,"sizeSlug":"large"} -->\n<figure><img src="a.jpg" alt=""/></figure>\n<!-- /wp:image -->\n\n<!-- wp:latest-posts {"postsToShow":3} /-->',
      ),
    ).toBe('\n<figure><img src="a.jpg" alt=""/></figure>\n\n\n');
    expect(stripBlockDelimiters('<!-- wp:my-plugin/widget {"a":1} /-->x')).toBe('x');
  });

  it('keeps other comments and classic content unchanged', () => {
    expect(
      stripBlockDelimiters('<p>Hi</p><!--more--><!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->'),
    ).toBe('<p>Hi</p><!--more--><p>x</p>');
    expect(stripBlockDelimiters('<p>Classic</p>')).toBe('<p>Classic</p>');
    expect(stripBlockDelimiters('<!--><!-- wp:paragraph --><p>x</p><!-- /wp:paragraph -->')).toBe(
      '<!--><p>x</p>',
    );
  });

  it('stays fast on unterminated comments', () => {
    const broken = '<!-- wp:x {"a":1 '.repeat(20000) + '-->';
    const started = Date.now();
    expect(stripBlockDelimiters(broken)).toBe(broken);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('parseBlocks', () => {
  it('builds the block tree with attributes and classic HTML between blocks', () => {
    const blocks = parseBlocks(
      'Intro<!-- wp:group {"layout":{"type":"constrained"}} --><div><!-- wp:paragraph --><p>a</p><!-- /wp:paragraph --></div><!-- /wp:group -->',
    );
    expect(blocks).toEqual([
      { name: null, attributes: {}, innerBlocks: [], innerContent: ['Intro'] },
      {
        name: 'core/group',
        attributes: { layout: { type: 'constrained' } },
        innerBlocks: [
          { name: 'core/paragraph', attributes: {}, innerBlocks: [], innerContent: ['<p>a</p>'] },
        ],
        innerContent: ['<div>', null, '</div>'],
      },
    ]);
  });

  it('closes unclosed blocks and ignores stray closers', () => {
    expect(parseBlocks('<!-- /wp:quote --><!-- wp:quote --><blockquote>q</blockquote>')).toEqual([
      { name: 'core/quote', attributes: {}, innerBlocks: [], innerContent: ['<blockquote>q</blockquote>'] },
    ]);
  });
});

describe('excerptRemoveBlocks', () => {
  it('keeps text blocks, drops media blocks, and unwraps columns and groups', () => {
    const content =
      '<!-- wp:paragraph -->\n<p>First</p>\n<!-- /wp:paragraph -->' +
      '<!-- wp:image {"id":5} -->\n<figure><img src="x.jpg" alt=""/><figcaption>Caption</figcaption></figure>\n<!-- /wp:image -->' +
      '<!-- wp:columns --><div class="cols"><!-- wp:column --><div class="col"><!-- wp:paragraph --><p>In column</p><!-- /wp:paragraph -->' +
      '<!-- wp:image --><figure>pic</figure><!-- /wp:image --></div><!-- /wp:column --></div><!-- /wp:columns -->';
    expect(excerptRemoveBlocks(content)).toBe('\n<p>First</p>\n<p>In column</p>');
  });

  it('skips a text block holding unsuitable inner blocks', () => {
    const quoteWithImage =
      '<!-- wp:quote --><blockquote><!-- wp:image --><figure>pic</figure><!-- /wp:image --></blockquote><!-- /wp:quote -->';
    expect(excerptRemoveBlocks(quoteWithImage)).toBe('');
  });

  it('returns classic content unchanged', () => {
    expect(excerptRemoveBlocks('<p>Classic [gallery]</p>')).toBe('<p>Classic [gallery]</p>');
  });
});
