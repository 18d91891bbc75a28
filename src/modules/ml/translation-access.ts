import { TRANSLATION_CAPS } from '../../platform/auth';
import type { RestError, RestUser } from '../../platform/rest';
import { TranslationErrors } from './translation.errors';

/** Administrators (`manage_options`) and translation managers see and manage every job. */
export function isTranslationManager(user: RestUser | null): boolean {
  return user !== null && (user.can('manage_options') || user.can(TRANSLATION_CAPS.manage));
}

/** Managers, and translators (`translate`) who work on their own jobs. */
export function mayTranslate(user: RestUser | null): boolean {
  return isTranslationManager(user) || (user !== null && user.can(TRANSLATION_CAPS.translate));
}

/** The `ml/tm/v1` permission rule (WPML's caps administrator, manage_translations, translate): 401 anonymous. */
export function translationRoutePermission(user: RestUser | null, managersOnly = false): true | RestError {
  if (managersOnly ? isTranslationManager(user) : mayTranslate(user)) return true;
  return TranslationErrors.notAllowed(user !== null);
}
