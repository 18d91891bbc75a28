import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Language } from '../../../platform/rest';

/** Restricts a query to rows of the request's content language. */
export function whereLanguage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  language: Language,
): SelectQueryBuilder<T> {
  return qb.andWhere(`${alias}.language = :language`, { language });
}
