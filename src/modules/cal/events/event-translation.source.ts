import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { slugify, slugSearchPrefix } from '../../../platform/common/slug';
import { AppConfig } from '../../../platform/config';
import { claimUniqueSlug, likePrefix, violatesUnique } from '../../../platform/database';
import { sanitizePostHtml, sanitizeTitleHtml } from '../../core';
import { Language, RestUrls } from '../../../platform/rest';
import {
  markTranslationOf,
  SaveTranslationInput,
  TranslatableField,
  TranslatableItem,
  TranslatableRegistry,
  TranslatableSource,
  TranslationGroups,
} from '../../ml';
import { CalendarTermEntity, CalendarTermsService } from '../terms';
import { EventEntity, EventTermEntity } from './event.entity';
import { eventPermalink } from './event.mapper';
import { EventsRepository } from './events.repository';

const ELEMENT_TYPE = 'post_cal_events';
const TERM_TYPES: Record<string, string> = { category: 'tax_cal_events_cat', tag: 'tax_cal_events_tag' };

/**
 * Events for translation management: title, description and excerpt plus the names of their categories and tags as
 * XLIFF fields; a translation is a copy of the event (dates, venue, organizers, flags) in the target language that
 * joins the original's group, linked to the translations of its venue, organizers and terms where they exist.
 */
@Injectable()
export class EventTranslationSource implements TranslatableSource, OnModuleInit {
  readonly elementTypes = [ELEMENT_TYPE];

  constructor(
    private readonly registry: TranslatableRegistry,
    private readonly groups: TranslationGroups,
    private readonly events: EventsRepository,
    private readonly terms: CalendarTermsService,
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async load(
    elementType: string,
    ids: readonly number[],
    manager?: EntityManager,
  ): Promise<Map<number, TranslatableItem>> {
    const em = manager ?? this.dataSource.manager;
    const rows = ids.length ? await em.getRepository(EventEntity).find({ where: { id: In([...ids]) } }) : [];
    const links = await this.events.termLinks(
      rows.map((row) => row.id),
      manager,
    );
    const terms = links.length
      ? await em
          .getRepository(CalendarTermEntity)
          .find({ where: { id: In(links.map((link) => link.termId)) } })
      : [];
    const termById = new Map(terms.map((term) => [term.id, term]));
    return new Map(
      rows.map((event) => {
        const fields: TranslatableField[] = [
          { id: 'title', group: 'Main Content', value: event.title },
          { id: 'body', group: 'Main Content', value: event.description ?? '' },
          { id: 'excerpt', group: 'Main Content', value: event.excerpt ?? '' },
        ];
        for (const link of links.filter((l) => l.eventId === event.id)) {
          const term = termById.get(link.termId);
          if (term) fields.push({ id: `t_${term.id}`, group: 'Main Content/Taxonomies', value: term.name });
        }
        const urls = new RestUrls(this.config.siteUrl, this.config.restPrefix, event.language as Language);
        const item: TranslatableItem = {
          elementType,
          id: event.id,
          language: event.language,
          title: event.title,
          status: event.status,
          link: eventPermalink(urls, event),
          authorId: event.authorId,
          fields,
        };
        return [event.id, item];
      }),
    );
  }

  async saveTranslation(_elementType: string, input: SaveTranslationInput): Promise<number> {
    const { manager, original, texts } = input;
    const repo = manager.getRepository(EventEntity);
    const source = await repo.findOne({ where: { id: original.id } });
    if (!source) throw new Error(`original event ${original.id} vanished`);
    const existing = input.translationId ? await repo.findOne({ where: { id: input.translationId } }) : null;
    const text = (id: string, fallback: string, html: (raw: string) => string) => {
      const value = texts.get(id);
      if (value === undefined) return fallback;
      return input.unfilteredHtml ? value : html(value);
    };
    const event = existing ? ({ ...existing } as EventEntity) : this.copyOf(source, input.language);
    event.title = text('title', source.title, sanitizeTitleHtml);
    event.description = text('body', source.description ?? '', sanitizePostHtml);
    event.excerpt = text('excerpt', source.excerpt ?? '', sanitizePostHtml);
    if (!existing) {
      event.venueId = source.venueId
        ? await this.translated('post_cal_venue', source.venueId, input.language, manager)
        : null;
      markTranslationOf(event, source.id);
    }
    const saved = existing ? await this.events.save(event, manager) : await this.saveWithSlug(event, manager);
    if (!existing) {
      const organizers = await this.events.organizerLinks([source.id], manager);
      const mapped: number[] = [];
      for (const link of organizers)
        mapped.push(await this.translated('post_cal_organizer', link.organizerId, input.language, manager));
      await this.events.replaceOrganizers(saved.id, mapped, manager);
    }
    await this.translateTerms(source, saved, input, manager);
    return saved.id;
  }

  private copyOf(source: EventEntity, language: string): EventEntity {
    const event = new EventEntity();
    Object.assign(event, { ...source, id: undefined, slug: null, language });
    return event;
  }

  /** The translation in `language` of a venue/organizer, or the element itself when it has none. */
  private async translated(
    elementType: string,
    id: number,
    language: string,
    manager: EntityManager,
  ): Promise<number> {
    const [row] = await this.groups.rowsOf(elementType, [id], manager);
    if (!row) return id;
    const member = (await this.groups.membersOf([row.trid], manager)).find(
      (m) => m.languageCode === language,
    );
    return member?.elementId ?? id;
  }

  /** The translation's terms: each original term's translation, created from its `t_<id>` unit when missing. */
  private async translateTerms(
    source: EventEntity,
    event: EventEntity,
    input: SaveTranslationInput,
    manager: EntityManager,
  ): Promise<void> {
    const links = await this.events.termLinks([source.id], manager);
    const originals = links.length
      ? await manager
          .getRepository(CalendarTermEntity)
          .find({ where: { id: In(links.map((l) => l.termId)) } })
      : [];
    const ids: number[] = [];
    for (const term of originals) {
      const elementType = TERM_TYPES[term.taxonomy];
      const [row] = await this.groups.rowsOf(elementType, [term.id], manager);
      const member = row
        ? (await this.groups.membersOf([row.trid], manager)).find((m) => m.languageCode === input.language)
        : undefined;
      ids.push(
        member?.elementId ??
          (await this.createTerm(term, input.texts.get(`t_${term.id}`), input.language, manager)),
      );
    }
    const before = (await manager.getRepository(EventTermEntity).findBy({ eventId: event.id })).map(
      (l) => l.termId,
    );
    await manager.getRepository(EventTermEntity).delete({ eventId: event.id });
    if (ids.length)
      await manager
        .getRepository(EventTermEntity)
        .insert([...new Set(ids)].map((termId) => ({ eventId: event.id, termId })));
    await this.terms.recount([...before, ...ids], manager);
  }

  private async createTerm(
    original: CalendarTermEntity,
    name: string | undefined,
    language: string,
    manager: EntityManager,
  ): Promise<number> {
    const sameSlug = await manager
      .getRepository(CalendarTermEntity)
      .findOne({ where: { taxonomy: original.taxonomy, language, slug: original.slug } });
    if (
      sameSlug &&
      (await this.groups.adopt(manager, TERM_TYPES[original.taxonomy], sameSlug.id, original.id))
    )
      return sameSlug.id;
    const term = new CalendarTermEntity();
    term.taxonomy = original.taxonomy;
    term.name = (name ?? original.name).trim() || original.name;
    term.description = '';
    term.parentId = 0;
    term.language = language;
    term.count = 0;
    markTranslationOf(term, original.id);
    const base = slugify(term.name) || original.slug;
    const saved = await claimUniqueSlug({
      desired: base,
      taken: async () => {
        const rows = (await manager.query(
          "SELECT slug FROM cal_terms WHERE taxonomy = ? AND language = ? AND slug LIKE ? ESCAPE '!'",
          [term.taxonomy, language, likePrefix(slugSearchPrefix(base))],
        )) as Array<{ slug: string }>;
        return new Set(rows.map((row) => row.slug));
      },
      write: (slug) => {
        term.slug = slug;
        return manager.getRepository(CalendarTermEntity).save(term);
      },
      isCollision: (error) => violatesUnique(error, 'uq_cal_terms_taxonomy_slug_language', 'slug'),
      options: { isReserved: () => false },
    });
    return saved.id;
  }

  /** A published translation takes the slug of its title, unique in its language; drafts have none. */
  private saveWithSlug(event: EventEntity, manager: EntityManager): Promise<EventEntity> {
    if (['draft', 'pending', 'auto-draft'].includes(event.status)) return this.events.save(event, manager);
    const base = slugify(event.title) || 'event';
    return claimUniqueSlug({
      desired: base,
      taken: () => this.events.slugsLike(slugSearchPrefix(base), manager, event.language),
      write: (slug) => {
        event.slug = slug;
        return this.events.save(event, manager);
      },
      isCollision: (error) => violatesUnique(error, 'uq_cal_events_slug', 'slug'),
    });
  }
}
