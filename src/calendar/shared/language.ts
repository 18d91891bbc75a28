import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { Language } from '../../rest';

/** Restricts a query to rows of the request's content language. */
export function whereLanguage<T extends ObjectLiteral>(
  qb: SelectQueryBuilder<T>,
  alias: string,
  language: Language,
): SelectQueryBuilder<T> {
  return qb.andWhere(`${alias}.language = :language`, { language });
}

/** `LIKE` pattern for a contains-search, with `!` as the escape character (portable: use `ESCAPE '!'`). */
export function likeContains(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** `LIKE` pattern for a starts-with search (escape `!`). */
export function likePrefix(text: string): string {
  return `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
