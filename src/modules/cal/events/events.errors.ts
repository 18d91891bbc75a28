import { RestError, RestErrors } from '../../../platform/rest';
import { tecError } from '../shared';

/** Event errors: TEC's message codes (reference §8) via the shared catalogue. */
export const EventErrors = {
  notFound: (id: number) => tecError('eventNotFound', id),
  invalidId: () => tecError('invalidEventId'),
  noLongerAvailable: () => tecError('eventNoLongerAvailable'),
  notAccessible: () => tecError('eventNotAccessible'),
  passwordProtected: () => tecError('eventPasswordProtected'),
  isInTrash: () => tecError('eventIsInTrash'),
  forbidden: (loggedIn: boolean) => RestErrors.forbidden(loggedIn),
  /** WordPress core's check_create/update_permission for an `author` other than oneself. */
  cannotActAsOther: (creating: boolean) =>
    new RestError(
      'rest_cannot_edit_others',
      creating
        ? 'Sorry, you are not allowed to create posts as this user.'
        : 'Sorry, you are not allowed to update posts as this user.',
      403,
    ),
  /** Argument failures found in the handler, reported like WordPress's arg validation (all together). */
  invalidParams: (params: Record<string, string>) => RestErrors.invalidParams(params, {}),
};

/** Messages of argument rules checked in the service (the text lands in `data.params`). */
export const EventArgMessages = {
  endBeforeStart: 'The end date must not be before the start date.',
  unknownVenue: 'The venue ID is not valid.',
  unknownOrganizer: 'The organizer ID is not valid.',
  geolocPair: 'geoloc_lat and geoloc_lng must be sent together.',
  badSlug: 'The specified slug is not of an event.',
};
