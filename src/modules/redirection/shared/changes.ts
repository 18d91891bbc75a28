/** The last-changed group of the tables the redirect engine caches (redirects, groups, options). */
export const REDIRECTION_CHANGES = 'redirection';
