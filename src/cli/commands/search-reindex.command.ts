import { Command } from 'nest-commander';
import { DataSource } from 'typeorm';
import { LastChanged } from '../../platform/database';
import { reindexSearch } from '../../platform/search';
import { CliCommand } from '../cli-command';

@Command({ name: 'search:reindex', description: 'rebuild the search index (after editing rows by hand)' })
export class SearchReindexCommand extends CliCommand {
  async run(): Promise<void> {
    const progress = this.out.progress('Indexing');
    const dataSource = await this.app.get(DataSource);
    try {
      const indexed = await dataSource.transaction((manager) =>
        reindexSearch(manager, (done, total) => progress.update(done, total)),
      );
      progress.stop();
      await (await this.app.get(LastChanged)).renewAll();
      this.out.line(`Search index rebuilt: ${indexed} objects`);
    } finally {
      progress.stop();
    }
  }
}
