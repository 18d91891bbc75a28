import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../platform/config';
import { MediaService, toImageObject } from '../../core/media';
import { RestUrls, RestUser, SharedItems } from '../../../platform/rest';
import { pushValues } from '../../../platform/common/memo';
import { TranslationLinks } from '../../ml';
import { EventLinks } from './event-links';
import { EventEntity } from './event.entity';
import { EventMapContext, EventRelations, globalIdBaseOf, toEventObject } from './event.mapper';
import { EventsRepository } from './events.repository';

/** Who looks at events, and where their links point (a request, or a page rendered for a visitor). */
export interface EventViewer {
  user: RestUser | null;
  urls: RestUrls;
}

/**
 * TEC's event objects (the wire shape) of a page of events: venues, organizers, terms and images batch-loaded
 * with a constant number of `IN (...)` queries, then {@link toEventObject}.
 */
@Injectable()
export class EventPresenter {
  constructor(
    private readonly events: EventsRepository,
    private readonly links: EventLinks,
    private readonly media: MediaService,
    private readonly translationLinks: TranslationLinks,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private mapContext(urls: RestUrls, single: boolean): EventMapContext {
    return {
      urls,
      siteZone: this.config.siteTimezone,
      globalIdBase: globalIdBaseOf(this.config.siteUrl),
      single,
      currency: {
        symbol: this.config.calendarCurrencySymbol,
        position: this.config.calendarCurrencyPosition,
        code: this.config.calendarCurrencyCode,
      },
    };
  }

  async toObjects(
    events: EventEntity[],
    viewer: EventViewer,
    single: boolean,
  ): Promise<Record<string, unknown>[]> {
    if (events.length === 0) return [];
    const ids = events.map((event) => event.id);
    const [organizerLinks, termLinks] = await Promise.all([
      this.events.organizerLinks(ids),
      this.events.termLinks(ids),
    ]);
    const venueIds = events.map((event) => event.venueId).filter((id): id is number => id !== null && id > 0);
    const imageIds = events.map((event) => event.imageId).filter((id): id is number => id !== null && id > 0);
    const [venues, organizers, terms, images, translations] = await Promise.all([
      this.links.venueObjects(venueIds, viewer, single),
      this.links.organizerObjects(
        organizerLinks.map((link) => link.organizerId),
        viewer,
        single,
      ),
      this.links.termObjects(
        termLinks.map((link) => link.termId),
        viewer.urls,
      ),
      this.media.mapByIds(imageIds),
      this.translationLinks.fieldsOf(
        events.map((event) => ({ elementType: 'post_cal_events', id: event.id, language: event.language })),
      ),
    ]);
    const context = this.mapContext(viewer.urls, single);
    // The page's settings and API root, listed once for every event's inputs.
    const contextInputs: unknown[] = [];
    pushValues(contextInputs, { ...context, urls: context.urls.base });
    return events.map((event) => {
      const eventTerms = termLinks
        .filter((link) => link.eventId === event.id)
        .map((link) => terms.get(link.termId))
        .filter((term): term is NonNullable<typeof term> => term !== undefined)
        .sort((a, b) => String(a.object.name).localeCompare(String(b.object.name)));
      const relations: EventRelations = {
        venue: event.venueId ? (venues.get(event.venueId) ?? null) : null,
        organizers: organizerLinks
          .filter((link) => link.eventId === event.id)
          .map((link) => organizers.get(link.organizerId))
          .filter((object): object is Record<string, unknown> => object !== undefined),
        categories: eventTerms.filter((term) => term.taxonomy === 'category').map((term) => term.object),
        tags: eventTerms.filter((term) => term.taxonomy === 'tag').map((term) => term.object),
        image: event.imageId ? imageObject(toImageObject(images.get(event.imageId), viewer.urls)) : false,
      };
      const fields = translations.get(`post_cal_events:${event.id}`);
      const build = () => {
        // The event object has no `_links`, so the language fields simply follow its other keys (as withFields
        // places them), set on the fresh object instead of copying it.
        const object = toEventObject(event, relations, context);
        if (fields) {
          object.ml_current_locale = fields.ml_current_locale;
          object.ml_translations = fields.ml_translations;
        }
        return object;
      };
      if (viewer.user !== null) return build();
      return visitorObjects.get(
        `${event.id}:${single}:${viewer.urls.base}`,
        eventObjectInputs(event, relations, contextInputs, fields),
        build,
      );
    });
  }
}

/**
 * Visitors' event objects, one per event, single/list form and API root: the same (frozen) object while every
 * input is the same, so its JSON is worked out once (see SharedItems). Users get their own objects.
 */
const visitorObjects = new SharedItems<Record<string, unknown>>(1000, 3_000_000);

/** Every value an event object is built from: the event's columns, its related objects, the site's settings. */
function eventObjectInputs(
  event: EventEntity,
  relations: EventRelations,
  contextInputs: readonly unknown[],
  translations: unknown,
): unknown[] {
  const inputs: unknown[] = [...contextInputs];
  pushValues(inputs, event);
  pushValues(inputs, relations);
  pushValues(inputs, translations ?? null);
  return inputs;
}

function imageObject(image: false | object): false | Record<string, unknown> {
  return image === false ? false : { ...image };
}
