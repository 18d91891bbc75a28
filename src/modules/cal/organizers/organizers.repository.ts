import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PostIds } from '../../../platform/database';
import { LinkedPostsRepository } from '../shared/linked-posts.repository';
import { OrganizerEntity } from './organizer.entity';

/** The organizers' post type in the shared ID space (TEC's `tribe_organizer`). */
export const ORGANIZER_POST_TYPE = 'cal_organizer';

/** Every query on `cal_organizers`; event links go through `cal_event_organizers`. */
@Injectable()
export class OrganizersRepository extends LinkedPostsRepository<OrganizerEntity> {
  constructor(dataSource: DataSource, postIds: PostIds) {
    postIds.register('cal_organizers', ORGANIZER_POST_TYPE);
    super(dataSource, OrganizerEntity, 'organizer', ['phone', 'email', 'website'], {
      linkedIds:
        'SELECT eo.organizer_id FROM cal_event_organizers eo INNER JOIN cal_events e ON e.id = eo.event_id WHERE 1 = 1',
      idsOfEvent: 'SELECT eo.organizer_id FROM cal_event_organizers eo WHERE eo.event_id = :eventId',
      unlink: (placeholders) => `DELETE FROM cal_event_organizers WHERE organizer_id IN (${placeholders})`,
    });
  }
}
