import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PostIds } from '../../../platform/database';
import { LinkedPostsRepository } from '../shared/linked-posts.repository';
import { VenueEntity } from './venue.entity';

/** The venues' post type in the shared ID space (TEC's `tribe_venue`). */
export const VENUE_POST_TYPE = 'cal_venue';

/** Every query on `cal_venues`; event links go through `cal_events.venue_id`. */
@Injectable()
export class VenuesRepository extends LinkedPostsRepository<VenueEntity> {
  constructor(dataSource: DataSource, postIds: PostIds) {
    postIds.register('cal_venues', VENUE_POST_TYPE);
    super(
      dataSource,
      VenueEntity,
      'venue',
      ['address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
      {
        linkedIds: 'SELECT e.venue_id FROM cal_events e WHERE e.venue_id IS NOT NULL',
        idsOfEvent: 'SELECT e.venue_id FROM cal_events e WHERE e.id = :eventId AND e.venue_id IS NOT NULL',
        unlink: (placeholders) => `UPDATE cal_events SET venue_id = NULL WHERE venue_id IN (${placeholders})`,
      },
    );
  }
}
