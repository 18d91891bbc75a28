/**
 * A block parsed from serialized block markup. `name` is `null` for classic (freeform) HTML
 * between blocks. `innerContent` is the block's own HTML with a `null` where each inner block sits.
 */
export interface ParsedBlock {
  name: string | null;
  attributes: Record<string, unknown>;
  innerBlocks: ParsedBlock[];
  innerContent: Array<string | null>;
}

interface BlockDelimiter {
  start: number;
  end: number;
  kind: 'opener' | 'closer' | 'void';
  /** Namespaced name; `paragraph` is `core/paragraph`. */
  name: string;
  attributesJson: string | undefined;
}

/**
 * The text between `<!--` and `-->` of a block delimiter: ` wp:name {"json":"attrs"} `,
 * ` wp:name /` (void) or ` /wp:name `.
 * Groups: 1 closer `/`, 2 namespace with `/`, 3 name, 4 JSON attributes, 5 void `/`.
 */
const BLOCK_DELIMITER_BODY =
  /^\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(?:(\{[\s\S]*\})\s+)?(\/)?$/;

/** Blocks whose text is representative of a post, as WordPress picks them for excerpts. */
const EXCERPT_CONTENT_BLOCKS: ReadonlyArray<string | null> = [
  null,
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
];
const EXCERPT_WRAPPER_BLOCKS: ReadonlyArray<string | null> = ['core/columns', 'core/column', 'core/group'];
const EXCERPT_BLOCKS: ReadonlyArray<string | null> = [...EXCERPT_CONTENT_BLOCKS, ...EXCERPT_WRAPPER_BLOCKS];

/** WordPress's `has_blocks`: the content contains at least one block delimiter. */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** The `content.block_version` REST field: 1 when the content contains blocks, else 0. */
export function blockVersion(content: string): 0 | 1 {
  return hasBlocks(content) ? 1 : 0;
}

/**
 * Removes block delimiter comments and keeps everything else, which is what `do_blocks`
 * outputs for static blocks. Void (dynamic) blocks such as `<!-- wp:latest-posts /-->` render
 * as nothing because there is no server-side renderer here.
 */
export function stripBlockDelimiters(content: string): string {
  if (!hasBlocks(content)) {
    return content;
  }
  let stripped = '';
  let copiedUpTo = 0;
  for (const delimiter of blockDelimitersIn(content)) {
    stripped += content.slice(copiedUpTo, delimiter.start);
    copiedUpTo = delimiter.end;
  }
  return stripped + content.slice(copiedUpTo);
}

/**
 * Block delimiters in document order. Each comment ends at its first `-->` (serialized block
 * attributes never contain `--`), so the scan is a single linear pass.
 */
function* blockDelimitersIn(content: string): Generator<BlockDelimiter> {
  let searchFrom = 0;
  for (;;) {
    const start = content.indexOf('<!--', searchFrom);
    if (start !== -1 && (content.startsWith('>', start + 4) || content.startsWith('->', start + 4))) {
      // `<!-->` and `<!--->` are complete, empty comments.
      searchFrom = start + 4;
      continue;
    }
    const bodyEnd = start === -1 ? -1 : content.indexOf('-->', start + 4);
    if (bodyEnd === -1) {
      return;
    }
    searchFrom = bodyEnd + 3;
    const parts = BLOCK_DELIMITER_BODY.exec(content.slice(start + 4, bodyEnd));
    if (parts === null) {
      continue;
    }
    const [, closer, namespace, localName, attributesJson, voidMarker] = parts;
    yield {
      start,
      end: bodyEnd + 3,
      kind: closer === '/' ? 'closer' : voidMarker === '/' ? 'void' : 'opener',
      name: `${namespace ?? 'core/'}${localName}`,
      attributesJson,
    };
  }
}

/**
 * Parses serialized block markup into a tree (`parse_blocks`). Unclosed blocks are closed at the
 * end of the content; a closer without a matching opener is dropped.
 */
export function parseBlocks(content: string): ParsedBlock[] {
  const topLevelBlocks: ParsedBlock[] = [];
  const openBlocks: ParsedBlock[] = [];
  let textStart = 0;

  const addHtml = (html: string): void => {
    if (html === '') {
      return;
    }
    const parent = openBlocks[openBlocks.length - 1];
    if (parent === undefined) {
      topLevelBlocks.push({ name: null, attributes: {}, innerBlocks: [], innerContent: [html] });
    } else {
      parent.innerContent.push(html);
    }
  };
  const addFinishedBlock = (block: ParsedBlock): void => {
    const parent = openBlocks[openBlocks.length - 1];
    if (parent === undefined) {
      topLevelBlocks.push(block);
    } else {
      parent.innerBlocks.push(block);
      parent.innerContent.push(null);
    }
  };

  for (const delimiter of blockDelimitersIn(content)) {
    addHtml(content.slice(textStart, delimiter.start));
    textStart = delimiter.end;

    const { name } = delimiter;
    if (delimiter.kind === 'closer') {
      const openIndex = openBlocks.findLastIndex((block) => block.name === name);
      if (openIndex === -1) {
        continue;
      }
      while (openBlocks.length > openIndex) {
        const finished = openBlocks.pop() as ParsedBlock;
        addFinishedBlock(finished);
      }
      continue;
    }
    const block: ParsedBlock = {
      name,
      attributes: parseAttributes(delimiter.attributesJson),
      innerBlocks: [],
      innerContent: [],
    };
    if (delimiter.kind === 'void') {
      addFinishedBlock(block);
    } else {
      openBlocks.push(block);
    }
  }
  addHtml(content.slice(textStart));
  while (openBlocks.length > 0) {
    addFinishedBlock(openBlocks.pop() as ParsedBlock);
  }
  return topLevelBlocks;
}

/** The HTML of a static block: its own markup with inner blocks rendered in place. */
export function renderStaticBlock(block: ParsedBlock): string {
  let innerBlockIndex = 0;
  return block.innerContent
    .map((part) => (part === null ? renderStaticBlock(block.innerBlocks[innerBlockIndex++]) : part))
    .join('');
}

/**
 * WordPress's `excerpt_remove_blocks`: keeps only text-bearing blocks (paragraphs, headings,
 * lists, quotes, tables, classic HTML…) and the text blocks inside columns and groups; images,
 * embeds, galleries, buttons and other blocks are dropped with their content.
 */
export function excerptRemoveBlocks(content: string): string {
  if (!hasBlocks(content)) {
    return content;
  }
  let excerptHtml = '';
  for (const block of parseBlocks(content)) {
    if (!EXCERPT_BLOCKS.includes(block.name)) {
      continue;
    }
    if (block.innerBlocks.length > 0) {
      if (EXCERPT_WRAPPER_BLOCKS.includes(block.name)) {
        excerptHtml += renderInnerBlocksForExcerpt(block);
        continue;
      }
      const hasUnsuitableInnerBlock = block.innerBlocks.some(
        (inner) => !EXCERPT_CONTENT_BLOCKS.includes(inner.name) || inner.innerBlocks.length > 0,
      );
      if (hasUnsuitableInnerBlock) {
        continue;
      }
    }
    excerptHtml += renderStaticBlock(block);
  }
  return excerptHtml;
}

function renderInnerBlocksForExcerpt(wrapper: ParsedBlock): string {
  let html = '';
  for (const inner of wrapper.innerBlocks) {
    if (!EXCERPT_BLOCKS.includes(inner.name)) {
      continue;
    }
    html += inner.innerBlocks.length === 0 ? renderStaticBlock(inner) : renderInnerBlocksForExcerpt(inner);
  }
  return html;
}

function parseAttributes(attributesJson: string | undefined): Record<string, unknown> {
  if (attributesJson === undefined) {
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(attributesJson);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
