import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * `posts.guid`: the permalink a post had when it was created (wp_insert_post stores it once and never
 * changes it). Rows created before this column keep NULL and are shown with their plain `?p=ID` link.
 */
export class PostGuid1765100000001 implements MigrationInterface {
  name = 'PostGuid1765100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'posts',
      new TableColumn({ name: 'guid', type: 'varchar', length: '255', isNullable: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('posts', 'guid');
  }
}
