import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { insertIgnore, nowUtc } from '../../../platform/database';
import { SecuritySiteEntity } from './security-site.entity';

const SITE_ROW = 1;

export interface ConsoleConnection {
  consoleSiteId: string;
  consolePublicKey: string;
  consoleSiteData: string;
  sitePublicKey: string;
  siteSecretKey: string;
  connectEmail: string | null;
}

/** The `security_site` row: created with fresh random secrets the first time any instance needs it. */
@Injectable()
export class SecuritySiteRepository {
  private readonly rows: Repository<SecuritySiteEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(SecuritySiteEntity);
  }

  /** The row; two instances racing to create it both end up reading the one that was stored first. */
  async get(): Promise<SecuritySiteEntity> {
    const existing = await this.rows.findOneBy({ id: SITE_ROW });
    if (existing) return existing;
    await this.dataSource.query(
      `${insertIgnore(this.dataSource)} security_site (id, nonce_salt, token_secret, nonce_generation) VALUES (?, ?, ?, 0)`,
      [SITE_ROW, randomBytes(32).toString('hex'), randomBytes(32).toString('hex')],
    );
    return this.rows.findOneByOrFail({ id: SITE_ROW });
  }

  /** Moves the nonce generation on from `generation`; false when another request did it first. */
  async consumeNonce(generation: number): Promise<boolean> {
    const result = await this.rows
      .createQueryBuilder()
      .update()
      .set({ nonceGeneration: generation + 1 })
      .where('id = :id AND nonce_generation = :generation', { id: SITE_ROW, generation })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  async connect(connection: ConsoleConnection): Promise<void> {
    await this.get();
    await this.rows.update(
      { id: SITE_ROW },
      { ...connection, connectedAt: nowUtc(), disconnectedAt: null, disconnectEmail: null },
    );
  }

  /** Forgets the console (its key, site id, and this site's key pair) and records when and for whom. */
  async disconnect(manager?: EntityManager): Promise<void> {
    const rows = manager ? manager.getRepository(SecuritySiteEntity) : this.rows;
    const row = await this.get();
    await rows.update(
      { id: SITE_ROW },
      {
        consoleSiteId: null,
        consolePublicKey: null,
        consoleSiteData: null,
        sitePublicKey: null,
        siteSecretKey: null,
        connectedAt: null,
        connectEmail: null,
        disconnectedAt: nowUtc(),
        disconnectEmail: row.connectEmail,
      },
    );
  }
}
