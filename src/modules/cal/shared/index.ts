export {
  ArchivePage,
  ArchivePerPage,
  TEC_DEFAULT_PER_PAGE,
  TEC_KEYWORD_ORDER,
  TEC_MAX_PER_PAGE,
  tecArchive,
} from './archive';
export type { TecArchiveKey, TecArchiveOptions, TecArchivePage } from './archive';
export { CALENDAR_CACHE_GROUP, CALENDAR_TABLES } from './cache-group';
export { antispambot, escJs, globalId, permalink, plainText, renderContent } from './content';
export { eventExists, eventTablesExist, UNCOUNTED_EVENT_STATUSES } from './event-tables';
export { whereLanguage } from './language';
export { presentLinkedPost } from './linked-post.mapper';
export type { LinkedPostMapper } from './linked-post.mapper';
export { blankProtected, canSeeProtected, PROTECTED_BLANKS } from './password';
export {
  FLOATING_STATUSES,
  nowPostDates,
  resolvePostDates,
  settleFloatingDates,
  strtotimeValidator,
  trashedSlug,
  ZERO_DATE,
} from './post-dates';
export type { PostDates } from './post-dates';
export {
  ANY_STATUSES,
  archiveStatuses,
  echoedArchiveStatus,
  archiveStatusValidator,
  parseStatusList,
  PUBLIC_STATUS,
  REGISTERED_STATUSES,
  scaleBackStatus,
  TRASH_STATUS,
  WRITABLE_STATUSES,
} from './post-status';
export { TEC_CODES, TEC_MESSAGES, tecError } from './tec-messages';
export {
  existsIn,
  INVALID_PARAMETER,
  invalidParam,
  registerLookup,
  validationLanguage,
} from './validation-lookups';
export type { ExistenceLookup } from './validation-lookups';
