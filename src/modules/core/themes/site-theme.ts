import { POST_FORMATS } from '../posts/post-types';

/** A theme's header data, as WordPress reads it from `style.css`. */
export interface ThemeDefinition {
  stylesheet: string;
  template: string;
  name: string;
  description: string;
  author: string;
  authorUri: string;
  themeUri: string;
  version: string;
  requiresWp: string;
  requiresPhp: string;
  textdomain: string;
  tags: string[];
  isBlockTheme: boolean;
  /** Menu locations the theme registers (`register_nav_menus`): slug and description. */
  menuLocations: Readonly<Record<string, string>>;
  /** Values of the features the theme declares (`add_theme_support`), by feature name. */
  supports: Readonly<Record<string, unknown>>;
}

/**
 * The one theme of this site: the HTML pages the service renders itself (front page, posts and pages, calendar
 * views). It is a classic theme (pages come from code, not block templates) and declares what those pages use:
 * post formats, featured images and the `<title>` tag.
 */
export const SITE_THEME: ThemeDefinition = {
  stylesheet: 'site',
  template: 'site',
  name: 'Site',
  description:
    'The pages this service renders itself: the front page, posts and pages, the calendar views and their iCal feeds.',
  author: 'Machine Control',
  authorUri: '',
  themeUri: '',
  version: '1.0.0',
  requiresWp: '',
  requiresPhp: '',
  textdomain: 'site',
  tags: [],
  isBlockTheme: false,
  // filled by headless front ends, which read them from core/v2/menu-locations
  menuLocations: { primary: 'Primary menu', footer: 'Footer menu' },
  supports: {
    formats: [...POST_FORMATS],
    'post-thumbnails': true,
    'title-tag': true,
  },
};

export const INSTALLED_THEMES: readonly ThemeDefinition[] = [SITE_THEME];
