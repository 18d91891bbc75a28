import { RestError, RestErrors } from '../../platform/rest';

/** Error codes and messages of translation management, WordPress-shaped. */
export const TranslationErrors = {
  translationOfInvalid: (message: string) => RestErrors.invalidParams({ translation_of: message }, {}),
  duplicateTranslation: (language: string) =>
    new RestError(
      'ml_duplicate_translation',
      `The original already has a translation in the language "${language}".`,
      400,
    ),
  jobNotFound: () => new RestError('ml_job_not_found', 'No translation job was found with that ID.', 404),
  invalidJobType: () => new RestError('ml_invalid_job_type', 'The job type is not supported.', 400),
  notAllowed: (loggedIn: boolean) =>
    new RestError(
      loggedIn ? 'rest_forbidden' : 'rest_not_logged_in',
      loggedIn ? 'Sorry, you are not allowed to do that.' : 'You are not currently logged in.',
      loggedIn ? 403 : 401,
    ),
  notTranslator: () =>
    new RestError('ml_invalid_translator', 'The translator does not exist or may not translate.', 400),
  notTranslatable: (what: string) =>
    new RestError('ml_not_translatable', `This content cannot be sent to translation: ${what}.`, 400),
  invalidXliff: (message: string) => new RestError('ml_invalid_xliff', message, 400),
  jobMismatch: (message: string) => new RestError('ml_xliff_job_mismatch', message, 400),
  jobClosed: (message: string) => new RestError('ml_job_closed', message, 400),
};
