import { RestError } from '../../../platform/rest';

/** TEC's REST message codes (`Messages.php`), reference §8. */
export const TEC_CODES = {
  eventNotFound: 'rest-event-not-found',
  invalidEventId: 'rest-invalid-event-id',
  eventNoLongerAvailable: 'event-no-longer-available',
  eventNotAccessible: 'event-not-accessible',
  eventPasswordProtected: 'event-password-protected',
  eventArchivePageNotFound: 'event-archive-page-not-found',
  venueArchivePageNotFound: 'venue-archive-page-not-found',
  organizerArchivePageNotFound: 'organizer-archive-page-not-found',
  archiveBadSearchString: 'archive-bad-search-string',
  venueNotAccessible: 'venue-not-accessible',
  organizerNotAccessible: 'organizer-not-accessible',
  couldNotCreateVenue: 'could-not-create-venue',
  couldNotCreateOrganizer: 'could-not-create-organizer',
  invalidLinkedPostId: 'invalid-linked-post-id',
  couldNotUpdateEvent: 'could-not-update-event',
  couldNotUpdateVenue: 'could-not-update-venue',
  couldNotUpdateOrganizer: 'could-not-update-organizer',
  eventIsInTrash: 'event-is-in-trash',
  venueIsInTrash: 'venue-is-in-trash',
  organizerIsInTrash: 'organizer-is-in-trash',
  couldNotDeleteEvent: 'could-not-delete-event',
  couldNotDeleteVenue: 'could-not-delete-venue',
  couldNotDeleteOrganizer: 'could-not-delete-organizer',
  termArchivePageNotFound: 'term-archive-page-not-found',
} as const;

/** Messages of the codes above. */
export const TEC_MESSAGES: Record<keyof typeof TEC_CODES, string> = {
  eventNotFound: 'Event with ID %d does not exist.',
  invalidEventId: 'The specified ID is not a valid event.',
  eventNoLongerAvailable: 'This event is no longer available',
  eventNotAccessible: 'The requested event is not accessible',
  eventPasswordProtected: 'The requested event is not accessible without a password',
  eventArchivePageNotFound: 'The requested event archive page does not exist',
  venueArchivePageNotFound: 'The requested venue archive page does not exist',
  organizerArchivePageNotFound: 'The requested organizer archive page does not exist',
  archiveBadSearchString: "The 'search' parameter must be a string",
  venueNotAccessible: 'The requested venue is not accessible',
  organizerNotAccessible: 'The requested organizer is not accessible',
  couldNotCreateVenue: 'The venue could not be created from the provided data',
  couldNotCreateOrganizer: 'The organizer could not be created from the provided data',
  invalidLinkedPostId: 'The provided linked post ID is not valid',
  couldNotUpdateEvent: 'The event could not be updated',
  couldNotUpdateVenue: 'The venue could not be updated',
  couldNotUpdateOrganizer: 'The organizer could not be updated',
  eventIsInTrash: 'The event is already trashed',
  venueIsInTrash: 'The venue is already trashed',
  organizerIsInTrash: 'The organizer is already trashed',
  couldNotDeleteEvent: 'The event could not be deleted',
  couldNotDeleteVenue: 'The venue could not be deleted',
  couldNotDeleteOrganizer: 'The organizer could not be deleted',
  termArchivePageNotFound: 'The requested term archive page does not exist',
};

/** HTTP status of each code as TEC's handlers return it. */
const TEC_STATUS: Record<keyof typeof TEC_CODES, number> = {
  eventNotFound: 404,
  invalidEventId: 400,
  eventNoLongerAvailable: 403,
  eventNotAccessible: 403,
  eventPasswordProtected: 403,
  eventArchivePageNotFound: 404,
  venueArchivePageNotFound: 404,
  organizerArchivePageNotFound: 404,
  archiveBadSearchString: 400,
  venueNotAccessible: 403,
  organizerNotAccessible: 403,
  couldNotCreateVenue: 400,
  couldNotCreateOrganizer: 400,
  invalidLinkedPostId: 400,
  couldNotUpdateEvent: 403,
  couldNotUpdateVenue: 400,
  couldNotUpdateOrganizer: 400,
  eventIsInTrash: 410,
  venueIsInTrash: 410,
  organizerIsInTrash: 410,
  couldNotDeleteEvent: 500,
  couldNotDeleteVenue: 500,
  couldNotDeleteOrganizer: 500,
  termArchivePageNotFound: 404,
};

/** The RestError for a TEC message key; `%d` in the message is replaced by `id` when given. */
export function tecError(
  key: keyof typeof TEC_CODES,
  id?: number,
  extraData?: Record<string, unknown>,
): RestError {
  const message = id === undefined ? TEC_MESSAGES[key] : TEC_MESSAGES[key].replace('%d', String(id));
  return new RestError(TEC_CODES[key], message, TEC_STATUS[key], extraData);
}
