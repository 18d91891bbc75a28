import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventPresenter, EventsService } from '..';
import { OrganizersService } from '..';
import { VenuesService } from '..';
import { Language, RestError, RestServer, RestUser } from '../../../platform/rest';
import { Activity, emptyActivity } from './activity';
import { ImportActor } from './import-actor';
import type { ImportRecordEntity } from './import-record.entity';
import { ImportRecordsRepository } from './import-records.repository';

type Item = Record<string, unknown>;

/** The item field that identifies an event at its origin (TEC's `Event::$unique_field`). */
const UNIQUE_FIELD: Record<string, string> = {
  ical: 'uid',
  gcal: 'uid',
  ics: 'uid',
  url: 'id',
  meetup: 'meetup_id',
  eventbrite: 'eventbrite_id',
  csv: 'uid',
};

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const truthy = (value: unknown): boolean =>
  value === true || value === 1 || (typeof value === 'string' && /^(1|true|yes|on)$/i.test(value.trim()));

/** `h`, `m`, `am|pm` → `HH:MM:00` (TEC's start_hour/start_minute/start_meridian). */
function clock(hour: unknown, minute: unknown, meridian: unknown): string | null {
  const h = Number(str(hour));
  if (str(hour) === undefined || !Number.isInteger(h) || h < 0 || h > 23) return null;
  const m = Number(str(minute) ?? 0);
  const mer = str(meridian)?.toLowerCase();
  let h24 = h;
  if (mer === 'pm' && h < 12) h24 = h + 12;
  if (mer === 'am' && h === 12) h24 = 0;
  const mm = Number.isInteger(m) && m >= 0 && m < 60 ? m : 0;
  return `${String(h24).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00`;
}

/** Start or end as the events API takes it: the item's date plus its hour fields, or the date as given. */
function dateOf(item: Item, edge: 'start' | 'end'): string | undefined {
  const date = str(item[`${edge}_date`])?.trim();
  if (!date) return undefined;
  const time = clock(item[`${edge}_hour`], item[`${edge}_minute`], item[`${edge}_meridian`]);
  return time && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date} ${time}` : date;
}

function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? [] : [value];
}

function termNames(value: unknown): string[] {
  return listOf(value)
    .flatMap((entry) =>
      typeof entry === 'string'
        ? entry.split(',')
        : entry && typeof entry === 'object'
          ? [str((entry as Item).name) ?? '']
          : [],
    )
    .map((name) => name.trim())
    .filter(Boolean);
}

export interface BatchImport {
  activity: Activity;
  items: number;
  /** Items that produced some activity (created, updated or skipped). */
  withActivity: number;
}

/**
 * Turns the import service's event items into calendar events through the calendar services (TEC's
 * `Event::translate_service_data` and `Record::insert_posts`): created, or updated by their origin ID,
 * with venues, organizers, categories, tags and images.
 */
@Injectable()
export class EventImporter {
  constructor(
    private readonly events: EventsService,
    private readonly presenter: EventPresenter,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly repository: ImportRecordsRepository,
    private readonly server: RestServer,
  ) {}

  async importItems(items: unknown[], record: ImportRecordEntity, actor: ImportActor): Promise<BatchImport> {
    const activity = emptyActivity();
    const language = (record.language === 'no' ? 'no' : 'en') as Language;
    const objects = items.filter(
      (item): item is Item => !!item && typeof item === 'object' && !Array.isArray(item),
    );
    const keyField = UNIQUE_FIELD[record.origin];
    const keyOf = (item: Item) => {
      const key = str(keyField ? item[keyField] : undefined) ?? str(item.global_id);
      // Origin IDs longer than the column are stored as their hash.
      return key && key.length > 191 ? createHash('sha256').update(key).digest('hex') : key;
    };
    const known = await this.repository.itemsByKey(
      record.origin,
      'event',
      language,
      objects.map(keyOf).filter((key): key is string => !!key),
    );
    const names = { category: new Set<string>(), tag: new Set<string>() };
    for (const item of objects) {
      termNames(item.categories).forEach((name) => names.category.add(name));
      termNames(item.tags).forEach((name) => names.tag.add(name));
    }
    const existingTerms = {
      category: await this.repository.existingTermNames('category', language, [...names.category]),
      tag: await this.repository.existingTermNames('tag', language, [...names.tag]),
    };

    let withActivity = 0;
    for (const item of objects) {
      try {
        const key = keyOf(item);
        const hash = createHash('sha256').update(JSON.stringify(item)).digest('hex');
        const previous = key ? known.get(key) : undefined;
        if (previous && previous.contentHash === hash) {
          activity.cal_events.skipped.push(previous.objectId);
          withActivity++;
          continue;
        }
        const id = await this.write(
          item,
          record,
          actor,
          language,
          previous?.objectId,
          activity,
          existingTerms,
        );
        if (key) {
          const saved = {
            origin: record.origin,
            kind: 'event',
            language,
            originKey: key,
            objectId: id,
            contentHash: hash,
          };
          await this.repository.saveItem(previous ? { ...saved, id: previous.id } : saved);
          known.set(key, { ...saved, id: previous?.id ?? 0 });
        }
        withActivity++;
      } catch (error) {
        // One bad item (remote data) must not fail the batch: it is logged on the record and gets no activity.
        const code = error instanceof RestError ? error.code : 'ea-item-failed';
        const message = error instanceof Error ? error.message : String(error);
        await this.repository.logError(
          record.id,
          code,
          `${str(item.title) ?? ''}: ${message}`.slice(0, 2000),
        );
      }
    }
    return { activity, items: objects.length, withActivity };
  }

  private async write(
    item: Item,
    record: ImportRecordEntity,
    actor: ImportActor,
    language: Language,
    existingId: number | undefined,
    activity: Activity,
    existingTerms: { category: Set<string>; tag: Set<string> },
  ): Promise<number> {
    const venueId = await this.venue(item.venue, actor, language, activity);
    const organizerIds: number[] = [];
    for (const entry of listOf(item.organizer)) {
      const id = await this.organizer(entry, actor, language, activity);
      if (id) organizerIds.push(id);
    }
    const categories = termNames(item.categories);
    const tags = termNames(item.tags);
    const image = typeof item.image === 'string' ? item.image : str((item.image as Item | undefined)?.url);
    const args: Record<string, unknown> = {
      title: str(item.title) ?? '',
      description: str(item.description) ?? '',
      excerpt: str(item.excerpt),
      start_date: dateOf(item, 'start'),
      end_date: dateOf(item, 'end') ?? dateOf(item, 'start'),
      all_day: truthy(item.all_day),
      timezone: str(item.timezone),
      website: str(item.url),
      cost: str(item.cost),
      show_map: item.show_map === undefined ? undefined : truthy(item.show_map),
      show_map_link: item.show_map_link === undefined ? undefined : truthy(item.show_map_link),
      hide_from_listings: truthy(item.hide_from_listings),
      sticky: truthy(item.sticky),
      featured: truthy(item.featured),
      categories: categories.length ? categories : undefined,
      tags: tags.length ? tags : undefined,
      venue: venueId ?? undefined,
      organizer: organizerIds.length ? organizerIds : undefined,
      image: image || undefined,
      status: record.postStatus || 'publish',
    };
    for (const name of Object.keys(args)) if (args[name] === undefined) delete args[name];

    const existing = existingId ? await this.events.getOrFail(existingId, language).catch(() => null) : null;
    const saved = existing
      ? await this.events.update(actor, existing, { args: args as never, sent: new Set(Object.keys(args)) })
      : await this.events.create(actor, args as never, language);
    activity.cal_events[existing ? 'updated' : 'created'].push(saved.id);
    // The event as the API shows it: its terms (to tell new ones) and image.
    const viewer = { user: actor, urls: this.server.urls(language) };
    const [object] = await this.presenter.toObjects([saved], viewer, false);
    for (const [field, kind, taxonomy] of [
      ['categories', 'cal_events_cat', 'category'],
      ['tags', 'post_tag', 'tag'],
    ] as const) {
      for (const term of (object[field] as Item[] | undefined) ?? []) {
        const name = String(term.name ?? '');
        if (!existingTerms[taxonomy].has(name.toLowerCase())) {
          existingTerms[taxonomy].add(name.toLowerCase());
          activity[kind].created.push(Number(term.id));
        }
      }
    }
    const imageObject = object.image as Item | false;
    if (image && imageObject)
      activity.attachment[existing ? 'updated' : 'created'].push(Number(imageObject.id));
    return Number(object.id);
  }

  private async venue(
    value: unknown,
    actor: RestUser,
    language: Language,
    activity: Activity,
  ): Promise<number | null> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const venue = value as Item;
    const name = str(venue.venue)?.trim();
    if (!name) return null;
    const fields: Record<string, unknown> = {};
    for (const field of ['address', 'city', 'country', 'state', 'zip', 'phone', 'website', 'stateprovince']) {
      if (str(venue[field]) !== undefined) fields[field] = str(venue[field]);
    }
    if (str(venue.stateprovince) === undefined && str(venue.province) !== undefined)
      fields.province = str(venue.province);
    const { entity, created } = await this.venues.create(
      actor,
      { title: name, fields, status: 'publish' },
      language,
    );
    activity.cal_venue[created ? 'created' : 'skipped'].push(entity.id);
    return entity.id;
  }

  private async organizer(
    value: unknown,
    actor: RestUser,
    language: Language,
    activity: Activity,
  ): Promise<number | null> {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const organizer = value as Item;
    const name = str(organizer.organizer)?.trim();
    if (!name) return null;
    const fields: Record<string, unknown> = {};
    for (const field of ['phone', 'email', 'website']) {
      if (str(organizer[field]) !== undefined) fields[field] = str(organizer[field]);
    }
    const { entity, created } = await this.organizers.create(
      actor,
      { title: name, fields, status: 'publish' },
      language,
    );
    activity.cal_organizer[created ? 'created' : 'skipped'].push(entity.id);
    return entity.id;
  }
}
