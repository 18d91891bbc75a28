import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
import { generatePassword } from './passwords';
import { UsersService } from './users/users.service';

/** On an empty database, creates the administrator and prints its login and an application password once. */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Setup');

  constructor(
    private readonly users: UsersService,
    private readonly passwords: ApplicationPasswordsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** Where the one-time credentials are printed (stdout). */
  protected print(text: string): void {
    process.stdout.write(text);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Migrations not applied yet (DATABASE_MIGRATIONS_RUN=false): the next start, after `cli migrate`, does this.
    if (await this.dataSource.showMigrations()) return;
    if ((await this.users.count()) > 0) return;
    const loginPassword = this.config.adminPassword ?? generatePassword(20);
    const admin = await this.users.create({
      username: this.config.adminUser,
      email: this.config.adminEmail,
      password: loginPassword,
      role: 'administrator',
    });
    const { password } = await this.passwords.create(admin.id, 'initial setup');
    const lines = [
      'Fresh database: administrator created.',
      `  login:                ${admin.login}`,
      ...(this.config.adminPassword ? [] : [`  login password:       ${loginPassword}`]),
      `  application password: ${password}`,
      `  try: curl -u '${admin.login}:${password}' ${this.config.siteUrl}/${this.config.restPrefix}/core/v2/users/me`,
      'This is shown only once.',
    ];
    // The credentials go to the operator's terminal (or `docker logs`) once, as plain lines; the log stream only
    // records that it happened, without secrets.
    if (this.config.logLevel !== 'silent') this.print(`${lines.join('\n')}\n`);
    this.logger.warn(
      `Fresh database: administrator "${admin.login}" created; credentials printed on stdout once`,
    );
  }
}
