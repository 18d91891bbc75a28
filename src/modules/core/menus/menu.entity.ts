import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A navigation menu (WordPress's `nav_menu` term). */
@Entity('menus')
export class MenuEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  /** Whether new top-level pages are added to the menu (`nav_menu_options.auto_add`). */
  @Column({ type: 'boolean', default: false })
  autoAdd: boolean;
}

/** The menu assigned to one of the theme's locations. */
@Entity('menu_locations')
export class MenuLocationEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  location: string;

  @Column({ type: 'integer' })
  menuId: number;
}
