export { canDeleteObject, canEditObject, canReadObject, ownedObject } from './meta-capabilities';
export type { OwnedObject } from './meta-capabilities';
export {
  EVENT_CAPS,
  isRole,
  ORGANIZER_CAPS,
  PAGE_CAPS,
  POST_CAPS,
  ROLE_CAPABILITIES,
  ROLES,
  TRANSLATION_CAPS,
  typeCapabilities,
  VENUE_CAPS,
} from './roles';
export type { Role, TypeCapabilities } from './roles';
