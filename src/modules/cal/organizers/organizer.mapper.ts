import type { MediaEntity } from '../../core/media';
import { toImageObject } from '../../core/media';
import type { RestUrls } from '../../../platform/rest';
import { antispambot, globalId, permalink, plainText, renderContent } from '../shared/content';
import type { OrganizerEntity } from './organizer.entity';
import { ORGANIZER_POST_TYPE } from './organizers.repository';

export interface OrganizerObjectOptions {
  urls: Pick<RestUrls, 'site'>;
  image?: MediaEntity | null;
  /** Single-organizer context: adds `json_ld`. */
  single?: boolean;
}

const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || value === false || value === 0 || value === '0';

function withoutEmpty(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => !isEmpty(value)));
}

/** schema.org `Person` of an organizer, as TEC's `JSON_LD__Organizer` builds it (also nested in an event's). */
export function organizerJsonLd(organizer: OrganizerEntity): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: organizer.title,
    description: plainText(organizer.description),
    url: organizer.website ?? '',
    telephone: organizer.phone ?? '',
    email: antispambot(organizer.email ?? ''),
    sameAs: organizer.website ?? '',
  };
}

/**
 * TEC's organizer object (`Post_Repository::get_organizer_data`): ordered keys, empty values dropped,
 * then `global_id`, `global_id_lineage`.
 */
export function toOrganizerObject(
  organizer: OrganizerEntity,
  options: OrganizerObjectOptions,
): Record<string, unknown> {
  const id = globalId(options.urls, organizer.id);
  return {
    ...withoutEmpty({
      id: organizer.id,
      author: String(organizer.authorId),
      status: organizer.status,
      date: organizer.date,
      date_utc: organizer.dateGmt,
      modified: organizer.modified,
      modified_utc: organizer.modifiedGmt,
      url: permalink(options.urls, 'organizer', ORGANIZER_POST_TYPE, organizer),
      organizer: organizer.title,
      description: renderContent(organizer.description),
      excerpt: '',
      slug: organizer.slug ?? '',
      image: toImageObject(options.image, options.urls),
      phone: organizer.phone,
      website: organizer.website,
      email: organizer.email,
      json_ld: options.single ? organizerJsonLd(organizer) : undefined,
    }),
    global_id: id,
    global_id_lineage: [id],
  };
}
