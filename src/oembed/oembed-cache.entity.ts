import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn, longTextColumn } from '../database';

/** One proxied oEmbed response, keyed by the hash of the request's arguments. */
@Entity('oembed_cache')
export class OEmbedCacheEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  cacheKey: string;

  @Column({ type: 'text' })
  url: string;

  /** The provider's response as JSON. */
  @Column(longTextColumn())
  response: string;

  @Column(dateTimeColumn())
  createdAt: string;

  @Column(dateTimeColumn())
  expiresAt: string;
}
