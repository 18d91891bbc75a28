import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LinkedPostsRepository } from '../shared/linked-posts.repository';
import { OrganizerEntity } from './organizer.entity';

/** Every query on `cal_organizers`; event links go through `cal_event_organizers`. */
@Injectable()
export class OrganizersRepository extends LinkedPostsRepository<OrganizerEntity> {
  constructor(dataSource: DataSource) {
    super(dataSource, OrganizerEntity, 'organizer', ['phone', 'email', 'website'], {
      linkedIds:
        'SELECT eo.organizer_id FROM cal_event_organizers eo INNER JOIN cal_events e ON e.id = eo.event_id WHERE 1 = 1',
      idsOfEvent: 'SELECT eo.organizer_id FROM cal_event_organizers eo WHERE eo.event_id = :eventId',
      unlink: (placeholders) => `DELETE FROM cal_event_organizers WHERE organizer_id IN (${placeholders})`,
    });
  }
}
