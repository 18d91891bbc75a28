import { Injectable } from '@nestjs/common';
import { RestError, RestErrors } from '../errors';
import { ArgSpec, validateValue } from '../schema';
import { DEFAULT_LANGUAGE, Language, LANGUAGES } from './request-context';

/** `ml_language`, accepted by every route (query or body), as the site index shows it. */
export const ML_LANGUAGE_ARG: ArgSpec = {
  description: 'Content language.',
  type: 'string',
  enum: [...LANGUAGES],
};

/**
 * The one place a request's content language is decided: `ml_language` (body or query) wins over the URL
 * prefix (`/no/wp-json/`), else the default. The REST adapter, the pages' interceptor, batch items and embedded links
 * all use it.
 */
@Injectable()
export class LanguageResolver {
  /** The language, or WordPress's 400 for a value outside the enum. */
  resolve(requested: unknown, prefix?: Language): Language | RestError {
    if (requested === undefined || requested === null) return prefix ?? DEFAULT_LANGUAGE;
    const problem = validateValue(requested, ML_LANGUAGE_ARG, 'ml_language');
    if (problem) return RestErrors.invalidParams({ ml_language: problem.message }, { ml_language: problem });
    return requested as Language;
  }

  /** As {@link resolve}, but a bad value leaves the prefix's language (validation then reports it). */
  resolveLoosely(requested: unknown, prefix?: Language): Language {
    const language = this.resolve(requested, prefix);
    return language instanceof RestError ? (prefix ?? DEFAULT_LANGUAGE) : language;
  }
}
