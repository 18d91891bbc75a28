import { RestErrors } from '../../rest';
import { tecError } from '../shared';

/** Event errors: TEC's message codes (reference §8) via the shared catalogue. */
export const EventErrors = {
  notFound: (id: number) => tecError('eventNotFound', id),
  noLongerAvailable: () => tecError('eventNoLongerAvailable'),
  notAccessible: () => tecError('eventNotAccessible'),
  passwordProtected: () => tecError('eventPasswordProtected'),
  isInTrash: () => tecError('eventIsInTrash'),
  forbidden: (loggedIn: boolean) => RestErrors.forbidden(loggedIn),
  /** Argument failures found in the handler, reported like WordPress's arg validation (all together). */
  invalidParams: (params: Record<string, string>) => RestErrors.invalidParams(params, {}),
};

/** Messages of argument rules (the text lands in `data.params`). */
export const EventArgMessages = {
  endBeforeStart: 'The end date must not be before the start date.',
  unknownTerm: (param: string, value: unknown) =>
    `${JSON.stringify(value)} is not an existing ${param === 'tags' ? 'tag' : 'event category'} slug or ID.`,
  unknownVenue: 'The venue ID is not valid.',
  unknownOrganizer: 'The organizer ID is not valid.',
  geolocPair: 'geoloc_lat and geoloc_lng must be sent together.',
  notAnEvent: 'The specified ID for the "post_parent" parameter is not a valid event.',
  badSlug: 'The specified slug is not of an event.',
  badAuthor: 'Invalid author ID.',
  badImage: 'The image must be the ID of an image or the URL of an image.',
  imageUploadNotAllowed: 'Sorry, you are not allowed to upload files.',
};
