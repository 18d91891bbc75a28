import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from './columns';

/** One cached value with an expiry (WordPress's transients): shared by every instance on the database. */
@Entity('transients')
export class TransientEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  cacheKey: string;

  /** What the value was fetched for (a URL), for operators reading the table. */
  @Column({ type: 'text' })
  url: string;

  /** The value as JSON. */
  @Column(longTextColumn())
  response: string;

  @Column(dateTimeColumn())
  createdAt: string;

  @Column(dateTimeColumn())
  expiresAt: string;
}
