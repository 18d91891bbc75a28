import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { MigrationColumns as C } from '../migration-columns';

/**
 * Navigation menus (WordPress's `nav_menu` terms, with the `auto_add` flag of its `nav_menu_options`) and the menu
 * assigned to each of the theme's locations (its `nav_menu_locations` theme mod).
 */
export class Menus1766500000000 implements MigrationInterface {
  name = 'Menus1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'menus',
        columns: [
          C.id(),
          C.string('name', 200),
          C.string('slug', 200),
          C.text('description', false),
          C.boolean('auto_add'),
        ],
        indices: [
          new TableIndex({ name: 'uq_menus_slug', columnNames: ['slug'], isUnique: true }),
          new TableIndex({ name: 'ix_menus_name', columnNames: ['name'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'menu_locations',
        columns: [{ ...C.string('location', 40), isPrimary: true }, C.foreignId('menu_id')],
        indices: [new TableIndex({ name: 'ix_menu_locations_menu', columnNames: ['menu_id'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('menu_locations');
    await queryRunner.dropTable('menus');
  }
}
