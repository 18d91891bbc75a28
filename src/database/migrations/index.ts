import { Users1763700000000 } from './1763700000000-users';

/**
 * Every migration, in order. Listed explicitly (no glob) so the app, the CLI and Jest load the same set.
 * Each migration uses TypeORM's portable Table API so it runs on SQLite and MySQL alike.
 */
export const MIGRATIONS = [Users1763700000000];
