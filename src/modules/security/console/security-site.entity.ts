import { Column, Entity, PrimaryColumn } from 'typeorm';
import { dateTimeColumn } from '../../../platform/database';

/**
 * The site's one row of console state (Wordfence's `wordfenceCentral*` options and WordPress's nonce and
 * auth salts): secrets generated for this site on first use, and the console connection.
 */
@Entity('security_site')
export class SecuritySiteEntity {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** Keys the authentication nonce (hex, 32 random bytes). */
  @Column({ type: 'varchar', length: 64 })
  nonceSalt: string;

  /** Signs the console's HS256 tokens (hex, 32 random bytes). */
  @Column({ type: 'varchar', length: 64 })
  tokenSecret: string;

  /** Bumped each time a nonce is exchanged for a token, so a nonce works once. */
  @Column({ type: 'integer', default: 0 })
  nonceGeneration: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  consoleSiteId: string | null;

  /** The console's Ed25519 public key (hex). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  consolePublicKey: string | null;

  @Column({ type: 'text', nullable: true })
  consoleSiteData: string | null;

  /** This site's own Ed25519 key pair, made at premium-connect (public: hex raw key; secret: hex PKCS#8). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sitePublicKey: string | null;

  @Column({ type: 'text', nullable: true })
  siteSecretKey: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  connectedAt: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  connectEmail: string | null;

  @Column(dateTimeColumn({ nullable: true }))
  disconnectedAt: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  disconnectEmail: string | null;
}
