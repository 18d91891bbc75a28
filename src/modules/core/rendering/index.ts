export { autop } from './autop';
export {
  blockVersion,
  excerptRemoveBlocks,
  hasBlocks,
  parseBlocks,
  renderStaticBlock,
  stripBlockDelimiters,
} from './blocks';
export type { ParsedBlock } from './blocks';
export { DEFAULT_EXCERPT_LENGTH, EXCERPT_MORE, generateExcerpt, teaserOf, trimWords } from './excerpt';
export { sanitizePostHtml, sanitizeTitleHtml } from './kses';
export type { SanitizeHtmlOptions } from './kses';
export { convertChars, renderContent, renderEventExcerpt, renderExcerpt, renderTitle } from './render';
export { DEFAULT_SHORTCODE_TAGS, shortcodeUnautop, stripShortcodes } from './shortcodes';
export type { ShortcodeOptions } from './shortcodes';
export { texturize } from './texturize';
export { stripAllTags } from './text-utils';
