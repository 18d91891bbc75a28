import type { TableColumnOptions } from 'typeorm';

/**
 * Column definitions for migrations that produce the same schema on SQLite and MySQL.
 * (SQLite only auto-increments an `integer` primary key, which MySQL reads as INT.)
 */
export const MigrationColumns = {
  id: (name = 'id'): TableColumnOptions => ({
    name,
    type: 'integer',
    isPrimary: true,
    isGenerated: true,
    generationStrategy: 'increment',
  }),
  foreignId: (name: string, nullable = false): TableColumnOptions => ({
    name,
    type: 'integer',
    isNullable: nullable,
  }),
  dateTime: (name: string, nullable = false): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: '19',
    isNullable: nullable,
  }),
  string: (name: string, length: number, defaultValue?: string): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: String(length),
    ...(defaultValue !== undefined ? { default: `'${defaultValue.replace(/'/g, "''")}'` } : {}),
  }),
  nullableString: (name: string, length: number): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: String(length),
    isNullable: true,
  }),
  text: (name: string, nullable = true): TableColumnOptions => ({ name, type: 'text', isNullable: nullable }),
  /** LONGTEXT on MySQL (content above 64 KB), TEXT on SQLite. */
  longText: (name: string, dialect: string): TableColumnOptions => ({
    name,
    type: dialect === 'mysql' ? 'longtext' : 'text',
    isNullable: true,
  }),
  boolean: (name: string, defaultValue = false): TableColumnOptions => ({
    name,
    type: 'boolean',
    default: defaultValue ? 1 : 0,
  }),
  integer: (name: string, defaultValue = 0): TableColumnOptions => ({
    name,
    type: 'integer',
    default: defaultValue,
  }),
  double: (name: string): TableColumnOptions => ({ name, type: 'double', isNullable: true }),
};
