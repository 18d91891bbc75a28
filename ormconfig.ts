import 'reflect-metadata';
// first: `.env`, the NAME_FILE secrets and every setting checked (the entities read DATABASE_URL as they load)
import './src/platform/config/preflight';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/platform/config';
import { buildDataSourceOptions } from './src/platform/database';

/**
 * The TypeORM CLI's data source (`npm run migration:run|revert|generate`), built by the same function as the
 * app's, from the same environment. It is compiled to dist/ormconfig.js, so entities are loaded from dist.
 */
const config = loadConfig();

export default new DataSource(
  buildDataSourceOptions({
    databaseUrl: config.databaseUrl,
    migrationsRun: false,
    entities: [join(__dirname, 'src', '**', '*.entity.js')],
  }),
);
