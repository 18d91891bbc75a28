import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A category (`category`) or tag (`post_tag`); `count` is the number of published posts using it. */
@Entity('terms')
export class TermEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 32 })
  taxonomy: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'integer', default: 0 })
  parentId: number;

  @Column({ type: 'integer', default: 0 })
  count: number;

  @Column({ type: 'varchar', length: 5, default: 'en' })
  language: string;
}

/** A post's membership of a term. */
@Entity('post_terms')
export class PostTermEntity {
  @PrimaryColumn({ type: 'integer' })
  postId: number;

  @PrimaryColumn({ type: 'integer' })
  termId: number;
}
