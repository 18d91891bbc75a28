import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
import { generatePassword } from './passwords';
import { UsersService } from './users/users.service';

/** What the first start hands the operator: the administrator's login and an application password. */
export interface FirstStartCredentials {
  login: string;
  applicationPassword: string;
}

/**
 * On an empty database, creates the administrator and an application password, kept until the entry point
 * prints them once at the end of start-up (takeCredentials). The log only records that it happened.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Setup');
  private created: FirstStartCredentials | null = null;

  constructor(
    private readonly users: UsersService,
    private readonly passwords: ApplicationPasswordsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Migrations not applied yet (DATABASE_MIGRATIONS_RUN=false): the next start, after `cli migrate`, does this.
    if (await this.dataSource.showMigrations()) return;
    if ((await this.users.count()) > 0) return;
    let admin;
    try {
      admin = await this.users.create({
        username: this.config.adminUser,
        email: this.config.adminEmail,
        // nothing on the API accepts a login password: without ADMIN_PASSWORD a random one nobody needs
        password: this.config.adminPassword ?? generatePassword(20),
        role: 'administrator',
      });
    } catch (error) {
      // Several instances started on one empty database: one created the administrator, the others find it.
      if ((await this.users.count()) > 0) return;
      throw error;
    }
    const { password } = await this.passwords.create(admin.id, 'initial setup');
    this.created = { login: admin.login, applicationPassword: password };
    this.logger.warn(
      `Fresh database: administrator "${admin.login}" created; its application password is printed once at the end of start-up`,
    );
  }

  /** The credentials this start created, once; null afterwards or when the database had users already. */
  takeCredentials(): FirstStartCredentials | null {
    const created = this.created;
    this.created = null;
    return created;
  }
}

const shellQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** The block printed once after the first start: the credentials, where they work, and a curl line to try. */
export function firstStartNotice(credentials: FirstStartCredentials, apiRoot: string): string {
  const rule = '='.repeat(78);
  const { login, applicationPassword } = credentials;
  return [
    '',
    rule,
    'First start: administrator created. Shown only this once, keep it:',
    `  login:                ${login}`,
    `  application password: ${applicationPassword}`,
    `Use them with HTTP Basic on every route of the REST API, ${apiRoot}`,
    `  curl -u ${shellQuoted(`${login}:${applicationPassword}`)} ${apiRoot}core/v2/users/me`,
    'More users and application passwords: the CLI commands user:create and app-password:create.',
    rule,
    '',
  ].join('\n');
}
