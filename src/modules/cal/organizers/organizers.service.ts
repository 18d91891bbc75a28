import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthoredContentRegistry, ORGANIZER_CAPS, UsersService } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { Transactions } from '../../../platform/database';
import { MediaService } from '../../core/media';
import type { Language, RestUser } from '../../../platform/rest';
import { LOOKUPS } from '../shared/linked-post-args';
import { LinkedFieldSpec, LinkedPostsService } from '../shared/linked-posts.service';
import { tecError } from '../shared/tec-messages';
import { OrganizerEntity } from './organizer.entity';
import { OrganizersRepository } from './organizers.repository';

/** Organizer columns written through the API, with TEC's duplicate-detection rule for each. */
export const ORGANIZER_FIELDS: LinkedFieldSpec[] = [
  { wire: 'phone', prop: 'phone', type: 'string', duplicate: 'exact' },
  { wire: 'website', prop: 'website', type: 'string', duplicate: 'exact' },
  { wire: 'email', prop: 'email', type: 'string', duplicate: 'exact' },
];

/** Organizers: TEC's `Single_Organizer`, `Archive_Organizer` and organizer insertion for events. */
@Injectable()
export class OrganizersService extends LinkedPostsService<OrganizerEntity> {
  constructor(
    repository: OrganizersRepository,
    dataSource: DataSource,
    media: MediaService,
    users: UsersService,
    config: AppConfig,
    authored: AuthoredContentRegistry,
    transactions: Transactions,
  ) {
    super(
      repository,
      {
        name: 'organizer',
        caps: ORGANIZER_CAPS,
        fields: ORGANIZER_FIELDS,
        lookups: { id: LOOKUPS.organizerId, slug: LOOKUPS.organizerSlug },
        table: 'cal_organizers',
      },
      dataSource,
      media,
      users,
      config,
      authored,
      transactions,
    );
  }

  protected newEntity(): OrganizerEntity {
    return new OrganizerEntity();
  }

  /**
   * The organizers of an event being saved (TEC `Single_Organizer::insert`): the value is cast to a list
   * (an ID, a CSV of IDs, an array of IDs / `{id}` / inline organizer objects, or one inline object); inline
   * objects reuse an identical organizer or create one in `manager`'s transaction. Order kept, duplicates
   * dropped; empty → []. Unknown IDs → 400 `invalid-linked-post-id`; bad inline data → 400
   * `could-not-create-organizer`.
   */
  async resolveForEvent(
    user: RestUser | null,
    input: unknown,
    language: Language,
    manager: EntityManager,
  ): Promise<number[]> {
    const entries = this.toEntries(input);
    const ids: number[] = [];
    for (const entry of entries) {
      const id = await this.resolveOne(user, entry, language, manager);
      if (id !== null && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  private toEntries(input: unknown): unknown[] {
    if (input === null || input === undefined || input === '') return [];
    if (Array.isArray(input)) return input;
    if (typeof input === 'string')
      return input
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    return [input];
  }

  private async resolveOne(
    user: RestUser | null,
    entry: unknown,
    language: Language,
    manager: EntityManager,
  ): Promise<number | null> {
    if (entry === null || entry === undefined || entry === '' || entry === 0 || entry === '0') return null;
    if (typeof entry === 'number' || (typeof entry === 'string' && /^\s*\d+\s*$/.test(entry))) {
      return this.existingId(Number(entry), manager);
    }
    if (typeof entry === 'object' && !Array.isArray(entry)) {
      const data = entry as Record<string, unknown>;
      if (Object.keys(data).length === 0) return null;
      if (data.id !== undefined && data.id !== null && data.id !== '')
        return this.existingId(Number(data.id), manager);
      const { entity } = await this.createWith(user, this.inputFromObject(data), language, manager);
      return entity.id;
    }
    throw tecError('couldNotCreateOrganizer');
  }

  private async existingId(id: number, manager: EntityManager): Promise<number> {
    const organizer = Number.isInteger(id) ? await this.findById(id, manager) : null;
    if (!organizer) throw tecError('invalidLinkedPostId');
    return organizer.id;
  }
}
