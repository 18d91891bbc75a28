import coreBlocks from './data/core-blocks.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonMap = { [key: string]: Json };

/** A block's `block.json` (WordPress 6.3's core blocks), as `register_block_type_from_metadata` reads it. */
export interface BlockMetadata {
  apiVersion: number;
  name: string;
  title: string;
  category: string;
  description: string;
  textdomain: string;
  keywords?: string[];
  parent?: string[];
  ancestor?: string[];
  attributes: JsonMap;
  supports: JsonMap;
  styles?: JsonMap[];
  editorStyle?: string;
  style?: string;
}

/** A registered block type (`WP_Block_Type`), with the attributes WordPress adds at registration. */
export interface BlockType extends BlockMetadata {
  namespace: string;
  /** Server-rendered (`render_callback`): none of the blocks this site knows is. */
  isDynamic: boolean;
}

const OBJECT: JsonMap = { type: 'object' };
const STRING: JsonMap = { type: 'string' };

function support(supports: JsonMap, path: string[], fallback: Json = false): Json {
  let value: Json = supports;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !(key in value))
      return fallback;
    value = value[key];
  }
  return value;
}

const enabled = (value: Json) => value === true || (typeof value === 'object' && value !== null);
const anyOf = (supports: JsonMap, feature: string, keys: string[]) =>
  keys.some((key) => enabled(support(supports, [feature, key])));

/**
 * The attributes WordPress's block supports register on the server (`WP_Block_Supports::register_attributes`, in the
 * order of `wp-includes/block-supports/`), after the global `lock` (`WP_Block_Type::GLOBAL_ATTRIBUTES`). Each is
 * added only when the block declares the support and has no attribute of that name.
 */
function registeredAttributes(metadata: BlockMetadata): JsonMap {
  const { supports } = metadata;
  const attributes: JsonMap = { ...metadata.attributes };
  const add = (name: string, schema: JsonMap) => {
    if (!(name in attributes)) attributes[name] = schema;
  };
  add('lock', OBJECT);

  if (enabled(support(supports, ['align']))) {
    add('align', { type: 'string', enum: ['left', 'center', 'right', 'wide', 'full', ''] });
  }
  const border = ['color', 'radius', 'style', 'width'];
  if (anyOf(supports, '__experimentalBorder', border)) add('style', OBJECT);
  if (support(supports, ['__experimentalBorder', 'color']) === true) add('borderColor', STRING);

  const color = support(supports, ['color']);
  const colorMap = typeof color === 'object' && color !== null && !Array.isArray(color) ? color : null;
  const textColors = color === true || (colorMap !== null && (colorMap.text ?? true) !== false);
  const backgroundColors = color === true || (colorMap !== null && (colorMap.background ?? true) !== false);
  const gradients = colorMap?.gradients === true;
  const links = colorMap?.link === true;
  if (textColors || backgroundColors || gradients || links) add('style', OBJECT);
  if (textColors) add('textColor', STRING);
  if (backgroundColors) add('backgroundColor', STRING);
  if (gradients) add('gradient', STRING);

  if (support(supports, ['customClassName'], true) !== false) add('className', STRING);
  if (anyOf(supports, 'dimensions', ['minHeight'])) add('style', OBJECT);
  if (enabled(support(supports, ['layout'])) || enabled(support(supports, ['__experimentalLayout']))) {
    add('layout', OBJECT);
  }
  if (anyOf(supports, 'position', ['sticky', 'fixed'])) add('style', OBJECT);
  if (anyOf(supports, 'spacing', ['margin', 'padding', 'blockGap'])) add('style', OBJECT);

  const typography = [
    'fontSize',
    'lineHeight',
    '__experimentalFontFamily',
    '__experimentalFontStyle',
    '__experimentalFontWeight',
    '__experimentalLetterSpacing',
    '__experimentalTextDecoration',
    '__experimentalTextTransform',
  ];
  if (anyOf(supports, 'typography', typography)) add('style', OBJECT);
  if (support(supports, ['typography', 'fontSize']) === true) add('fontSize', STRING);
  if (support(supports, ['typography', '__experimentalFontFamily']) === true) add('fontFamily', STRING);
  return attributes;
}

/**
 * The core blocks the rendering pipeline knows (`src/modules/core/rendering/blocks.ts` renders them from their saved
 * markup), registered in WordPress's order (`register_core_block_types_from_metadata`: by folder name).
 */
// The JSON's inferred type is a union of its literals; its shape is WordPress's block.json.
export const BLOCK_TYPES: readonly BlockType[] = (coreBlocks as unknown as BlockMetadata[]).map(
  (metadata) => ({
    ...metadata,
    attributes: registeredAttributes(metadata),
    namespace: metadata.name.split('/')[0],
    isDynamic: false,
  }),
);

export function findBlockType(name: string): BlockType | undefined {
  return BLOCK_TYPES.find((block) => block.name === name);
}
