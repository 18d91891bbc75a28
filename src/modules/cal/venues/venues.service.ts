import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthoredContentRegistry, UsersService, VENUE_CAPS } from '../../../platform/auth';
import { AppConfig } from '../../../platform/config';
import { Transactions } from '../../../platform/database';
import { MediaService } from '../../core/media';
import type { Language, RestUser } from '../../../platform/rest';
import { LOOKUPS } from '../shared/linked-post-args';
import { LinkedFieldSpec, LinkedPostInput, LinkedPostsService } from '../shared/linked-posts.service';
import { tecError } from '../shared/tec-messages';
import { deriveStateProvince } from './venue.mapper';
import { VenueEntity } from './venue.entity';
import { VenuesRepository } from './venues.repository';

/** Venue columns written through the API, with TEC's duplicate-detection rule for each. */
export const VENUE_FIELDS: LinkedFieldSpec[] = [
  { wire: 'address', prop: 'address', type: 'string', duplicate: 'like' },
  { wire: 'city', prop: 'city', type: 'string', duplicate: 'exact' },
  { wire: 'country', prop: 'country', type: 'string' },
  { wire: 'province', prop: 'province', type: 'string', duplicate: 'exact' },
  { wire: 'state', prop: 'state', type: 'string', duplicate: 'exact' },
  { wire: 'zip', prop: 'zip', type: 'string', duplicate: 'exact' },
  { wire: 'phone', prop: 'phone', type: 'string', duplicate: 'exact' },
  { wire: 'stateprovince', prop: 'stateprovince', type: 'string', duplicate: 'exact' },
  { wire: 'website', prop: 'website', type: 'string' },
  // TEC's `tribe_events_venue_created_map_default`: a venue created without the flags shows the map and link.
  { wire: 'show_map', prop: 'showMap', type: 'boolean', createDefault: true },
  { wire: 'show_map_link', prop: 'showMapLink', type: 'boolean', createDefault: true },
  { wire: 'geo_lat', prop: 'geoLat', type: 'number' },
  { wire: 'geo_lng', prop: 'geoLng', type: 'number' },
];

/** Venues: TEC's `Single_Venue`, `Archive_Venue` and the venue half of `Linked_Post_Base`. */
@Injectable()
export class VenuesService extends LinkedPostsService<VenueEntity> {
  constructor(
    repository: VenuesRepository,
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
        name: 'venue',
        caps: VENUE_CAPS,
        fields: VENUE_FIELDS,
        lookups: { id: LOOKUPS.venueId, slug: LOOKUPS.venueSlug },
        table: 'cal_venues',
      },
      dataSource,
      media,
      users,
      config,
      authored,
      transactions,
    );
  }

  protected newEntity(): VenueEntity {
    return new VenueEntity();
  }

  /** `stateprovince` follows state/province/country unless sent explicitly (TEC `Venue.php`). */
  protected override beforeSave(entity: VenueEntity, input: LinkedPostInput): void {
    const touched = ['country', 'state', 'province'].some((prop) => input.fields[prop] !== undefined);
    const explicit =
      typeof input.fields.stateprovince === 'string' && input.fields.stateprovince.trim() !== '';
    if (!explicit && (touched || !entity.stateprovince)) {
      entity.stateprovince = deriveStateProvince(
        entity.country ?? '',
        entity.state ?? '',
        entity.province ?? '',
      );
    }
  }

  /**
   * The venue of an event being saved (TEC `Linked_Post_Base::insert`): a venue ID, `{id}`, or an inline
   * venue object (`venue` name required) that reuses an identical venue or creates one in `manager`'s
   * transaction. Empty input → null (no venue). Unknown IDs → 400 `invalid-linked-post-id`; bad inline
   * data → 400 `could-not-create-venue`. Only the first entry of a list is used (one venue per event).
   */
  async resolveForEvent(
    user: RestUser | null,
    input: unknown,
    language: Language,
    manager: EntityManager,
  ): Promise<number | null> {
    if (Array.isArray(input))
      return input.length === 0 ? null : this.resolveForEvent(user, input[0], language, manager);
    if (input === null || input === undefined || input === '' || input === 0 || input === '0') return null;
    if (typeof input === 'number' || (typeof input === 'string' && /^\s*\d+\s*$/.test(input))) {
      return this.existingId(Number(input), manager);
    }
    if (typeof input === 'object') {
      const data = input as Record<string, unknown>;
      if (Object.keys(data).length === 0) return null;
      if (data.id !== undefined && data.id !== null && data.id !== '')
        return this.existingId(Number(data.id), manager);
      const { entity } = await this.createWith(user, this.inputFromObject(data), language, manager);
      return entity.id;
    }
    throw tecError('couldNotCreateVenue');
  }

  private async existingId(id: number, manager: EntityManager): Promise<number> {
    const venue = Number.isInteger(id) ? await this.findById(id, manager) : null;
    if (!venue) throw tecError('invalidLinkedPostId');
    return venue.id;
  }
}
