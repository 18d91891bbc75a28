import type { AppConfig } from '../../../platform/config';
import type { ArgSpec } from '../../../platform/rest';

/** One WordPress setting shown in `core/v2/settings`: its option name, schema and the value before any write. */
export interface SettingDefinition {
  option: string;
  schema: ArgSpec;
  initial: (config: AppConfig) => unknown;
  /** Where the stored value takes effect in the running service (the rest only round-trips). */
  apply?: (config: AppConfig, value: unknown) => void;
}

const str = (description: string, extra: Partial<ArgSpec> = {}): ArgSpec => ({
  description,
  type: 'string',
  ...extra,
});
const int = (description: string): ArgSpec => ({ description, type: 'integer' });

/** WordPress's REST settings, in its order. */
export const SETTINGS: Record<string, SettingDefinition> = {
  title: {
    option: 'blogname',
    schema: str('Site title.'),
    initial: (c) => c.siteName,
    apply: (c, v) => (c.siteName = String(v ?? '')),
  },
  description: {
    option: 'blogdescription',
    schema: str('Site tagline.'),
    initial: (c) => c.siteDescription,
    apply: (c, v) => (c.siteDescription = String(v ?? '')),
  },
  url: { option: 'siteurl', schema: str('Site URL.', { format: 'uri' }), initial: (c) => c.siteUrl },
  email: {
    option: 'admin_email',
    schema: str('This address is used for admin purposes, like new user notification.', { format: 'email' }),
    initial: (c) => c.adminEmail,
    apply: (c, v) => (c.adminEmail = String(v ?? '')),
  },
  timezone: {
    option: 'timezone_string',
    schema: str('A city in the same timezone as you.'),
    initial: (c) => c.siteTimezone,
    apply: (c, v) => {
      if (typeof v === 'string' && v !== '') c.siteTimezone = v;
    },
  },
  date_format: {
    option: 'date_format',
    schema: str('A date format for all date strings.'),
    initial: () => 'F j, Y',
  },
  time_format: {
    option: 'time_format',
    schema: str('A time format for all time strings.'),
    initial: () => 'g:i a',
  },
  start_of_week: {
    option: 'start_of_week',
    schema: int('A day number of the week that the week should start on.'),
    initial: () => 1,
  },
  language: { option: 'WPLANG', schema: str('WordPress locale code.'), initial: () => 'en_US' },
  use_smilies: {
    option: 'use_smilies',
    schema: { description: 'Convert emoticons like :-) and :-P to graphics on display.', type: 'boolean' },
    initial: () => true,
  },
  default_category: { option: 'default_category', schema: int('Default post category.'), initial: () => 1 },
  default_post_format: {
    option: 'default_post_format',
    schema: str('Default post format.'),
    initial: () => '0',
  },
  posts_per_page: { option: 'posts_per_page', schema: int('Blog pages show at most.'), initial: () => 10 },
  show_on_front: {
    option: 'show_on_front',
    schema: str('What to show on the front page'),
    initial: (c) => (c.pageOnFront > 0 ? 'page' : 'posts'),
  },
  page_on_front: {
    option: 'page_on_front',
    schema: int('The ID of the page that should be displayed on the front page'),
    initial: (c) => c.pageOnFront,
    apply: (c, v) => (c.pageOnFront = Number(v ?? 0)),
  },
  page_for_posts: {
    option: 'page_for_posts',
    schema: int('The ID of the page that should display the latest posts'),
    initial: (c) => c.pageForPosts,
    apply: (c, v) => (c.pageForPosts = Number(v ?? 0)),
  },
  default_ping_status: {
    option: 'default_ping_status',
    schema: str('Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.', {
      enum: ['open', 'closed'],
    }),
    initial: () => 'open',
  },
  default_comment_status: {
    option: 'default_comment_status',
    schema: str('Allow people to submit comments on new posts.', { enum: ['open', 'closed'] }),
    initial: () => 'open',
  },
  site_logo: { option: 'site_logo', schema: int('Site logo.'), initial: () => null },
  site_icon: { option: 'site_icon', schema: int('Site icon.'), initial: () => 0 },
};
