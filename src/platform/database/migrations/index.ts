import { Users1763700000000 } from './1763700000000-users';
import { CalendarLinked1763800000000 } from './1763800000000-calendar-linked';
import { CalendarEvents1763810000000 } from './1763810000000-calendar-events';
import { Content1763900000000 } from './1763900000000-content';
import { OembedCache1764000000000 } from './1764000000000-oembed-cache';
import { SearchIndex1764100000000 } from './1764100000000-search-index';
import { LastChanged1764200000000 } from './1764200000000-last-changed';
import { PostIds1765100000000 } from './1765100000000-post-ids';
import { PostGuid1765100000001 } from './1765100000001-post-guid';
import { NullableSlugs1765100000002 } from './1765100000002-nullable-slugs';
import { UniqueSlugs1765200000000 } from './1765200000000-unique-slugs';
import { AuthFailures1765200000001 } from './1765200000001-auth-failures';
import { RestoreSlugIndexes1765200000002 } from './1765200000002-restore-slug-indexes';
import { Redirection1765300000000 } from './1765300000000-redirection';
import { Comments1765500000000 } from './1765500000000-comments';
import { SpamFilter1765500000001 } from './1765500000001-spam-filter';
import { SpamFilterGuid1765500000002 } from './1765500000002-spam-filter-guid';
import { Security1765600000000 } from './1765600000000-security';
import { CalendarViews1765700000000 } from './1765700000000-calendar-views';
import { EventAggregator1765710000000 } from './1765710000000-event-aggregator';
import { CalendarViewsLongest1765720000000 } from './1765720000000-calendar-views-longest';
import { Transients1765800000000 } from './1765800000000-transients';
import { SiteOptions1765800000001 } from './1765800000001-site-options';
import { TranslationGroups1765900000000 } from './1765900000000-translation-groups';
import { TranslationJobs1765900000001 } from './1765900000001-translation-jobs';
import { CalendarSlugsPerLanguage1765900000002 } from './1765900000002-calendar-slugs-per-language';
import { MediaLibrary1765910000000 } from './1765910000000-media-library';
import { StringTranslation1766000000000 } from './1766000000000-string-translation';
import { AteJobs1766100000000 } from './1766100000000-ate-jobs';
import { DropRedirectionJobClaims1766200000000 } from './1766200000000-drop-redirection-job-claims';
import { ListingCounts1766300000000 } from './1766300000000-listing-counts';
import { Webhooks1766400000000 } from './1766400000000-webhooks';
import { Menus1766500000000 } from './1766500000000-menus';

/**
 * Every migration, in order. Listed explicitly (no glob) so the app, the CLI and Jest load the same set.
 * Each migration uses TypeORM's portable Table API so it runs on SQLite and MySQL alike.
 */
export const MIGRATIONS = [
  Users1763700000000,
  CalendarLinked1763800000000,
  CalendarEvents1763810000000,
  Content1763900000000,
  OembedCache1764000000000,
  SearchIndex1764100000000,
  LastChanged1764200000000,
  PostIds1765100000000,
  PostGuid1765100000001,
  NullableSlugs1765100000002,
  UniqueSlugs1765200000000,
  AuthFailures1765200000001,
  RestoreSlugIndexes1765200000002,
  Redirection1765300000000,
  Comments1765500000000,
  SpamFilter1765500000001,
  SpamFilterGuid1765500000002,
  Security1765600000000,
  CalendarViews1765700000000,
  EventAggregator1765710000000,
  CalendarViewsLongest1765720000000,
  Transients1765800000000,
  SiteOptions1765800000001,
  TranslationGroups1765900000000,
  TranslationJobs1765900000001,
  CalendarSlugsPerLanguage1765900000002,
  MediaLibrary1765910000000,
  StringTranslation1766000000000,
  AteJobs1766100000000,
  DropRedirectionJobClaims1766200000000,
  ListingCounts1766300000000,
  Webhooks1766400000000,
  Menus1766500000000,
];
