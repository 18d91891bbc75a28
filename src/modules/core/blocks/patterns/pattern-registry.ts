/** A registered block pattern (`register_block_pattern`), with WordPress's camelCase keys. */
export interface BlockPattern {
  name: string;
  title: string;
  content: string;
  description?: string;
  viewportWidth?: number;
  inserter?: boolean;
  categories?: string[];
  keywords?: string[];
  blockTypes?: string[];
  postTypes?: string[];
  templateTypes?: string[];
  source?: 'core' | 'plugin' | 'theme';
}

export interface BlockPatternCategory {
  name: string;
  label: string;
  description?: string;
}

/**
 * The registered patterns. WordPress's own (`core/query-*`) are built on the query loop, which this site's rendering
 * leaves empty (dynamic blocks render nothing), so its theme does not declare `core-block-patterns` and they are
 * not registered, as for any theme without that support; the pattern directory of wordpress.org is not fetched.
 */
export const BLOCK_PATTERNS: readonly BlockPattern[] = [];

/** WordPress's pattern categories (`_register_core_block_patterns_and_categories`), in its order. */
export const BLOCK_PATTERN_CATEGORIES: readonly BlockPatternCategory[] = [
  { name: 'banner', label: 'Banners' },
  { name: 'buttons', label: 'Buttons', description: 'Patterns that contain buttons and call to actions.' },
  { name: 'columns', label: 'Columns', description: 'Multi-column patterns with more complex layouts.' },
  { name: 'text', label: 'Text', description: 'Patterns containing mostly text.' },
  {
    name: 'query',
    label: 'Posts',
    description: 'Display your latest posts in lists, grids or other layouts.',
  },
  { name: 'featured', label: 'Featured', description: 'A set of high quality curated patterns.' },
  {
    name: 'call-to-action',
    label: 'Call to action',
    description: 'Sections whose purpose is to trigger a specific action.',
  },
  { name: 'team', label: 'Team', description: 'A variety of designs to display your team members.' },
  {
    name: 'testimonials',
    label: 'Testimonials',
    description: 'Share reviews and feedback about your brand/business.',
  },
  {
    name: 'services',
    label: 'Services',
    description: 'Briefly describe what your business does and how you can help.',
  },
  { name: 'contact', label: 'Contact', description: 'Display your contact information.' },
  { name: 'about', label: 'About', description: 'Introduce yourself.' },
  { name: 'portfolio', label: 'Portfolio', description: 'Showcase your latest work.' },
  { name: 'gallery', label: 'Gallery', description: 'Different layouts for displaying images.' },
  { name: 'media', label: 'Media', description: 'Different layouts containing video or audio.' },
  { name: 'videos', label: 'Videos', description: 'Different layouts containing videos.' },
  { name: 'audio', label: 'Audio', description: 'Different layouts containing audio.' },
  {
    name: 'posts',
    label: 'Posts',
    description: 'Display your latest posts in lists, grids or other layouts.',
  },
  {
    name: 'footer',
    label: 'Footers',
    description: 'A variety of footer designs displaying information and site navigation.',
  },
  {
    name: 'header',
    label: 'Headers',
    description: 'A variety of header designs displaying your site title and navigation.',
  },
];
