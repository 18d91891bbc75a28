import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';
import { DataSource, IsNull, LessThan } from 'typeorm';
import { ApplicationPasswordEntity, UserEntity } from '../../../../platform/auth';
import { formatDateTime } from '../../../../platform/database';
import commonPasswords from '../data/common-passwords.json';
import { escapeHtml, FoundIssue, ScanCheck, ScanContext } from './scan-check';

export const STALE_APP_PASSWORD_DAYS = 90;

/** Unix seconds of a stored `YYYY-MM-DD HH:MM:SS` UTC date-time. */
function unixOf(dateTime: string): number {
  return Math.floor(Date.parse(`${dateTime.replace(' ', 'T')}Z`) / 1000);
}

/**
 * Administrators whose password is on the shipped common-password list. The hash is slow on purpose, so
 * each stored hash is checked once per process (a hash that changes is a new password).
 */
@Injectable()
export class WeakPasswordCheck implements ScanCheck {
  readonly stage = 'passwords';
  readonly option = 'scansEnabled_passwds' as const;
  private readonly verdicts = new Map<string, string | null>();

  constructor(private readonly dataSource: DataSource) {}

  async run(context: ScanContext): Promise<void> {
    const admins = await this.dataSource.getRepository(UserEntity).find({
      where: { role: 'administrator' },
      order: { id: 'ASC' },
      select: { id: true, login: true, passwordHash: true },
    });
    const issues: FoundIssue[] = [];
    for (const [index, admin] of admins.entries()) {
      if (await this.isCommon(admin.passwordHash)) {
        issues.push({
          type: 'easyPassword',
          severity: 100,
          key: `easyPassword:${admin.id}`,
          fingerprint: admin.passwordHash,
          shortMsg: `Administrator “${admin.login}” uses a very common password.`,
          longMsg: `<p>The password of the administrator <strong>${escapeHtml(admin.login)}</strong> is one of the most common leaked passwords. Anyone can guess it; change it now.</p>`,
          data: { userId: admin.id, login: admin.login },
        });
      }
      await context.checkpoint((index + 1) / admins.length);
    }
    if (issues.length > 0) await context.report(issues);
  }

  private async isCommon(hash: string): Promise<boolean> {
    if (!this.verdicts.has(hash)) {
      let found: string | null = null;
      for (const candidate of commonPasswords.passwords) {
        if (await bcrypt.compare(candidate, hash).catch(() => false)) {
          found = candidate;
          break;
        }
      }
      this.verdicts.set(hash, found);
    }
    return this.verdicts.get(hash) !== null;
  }
}

/** Application passwords unused (or never used) for more than 90 days; repair revokes them. */
@Injectable()
export class StaleAppPasswordCheck implements ScanCheck {
  readonly stage = 'application-passwords';
  readonly option = 'scansEnabled_appPasswords' as const;

  constructor(private readonly dataSource: DataSource) {}

  async run(context: ScanContext): Promise<void> {
    const cutoff = formatDateTime(new Date(Date.now() - STALE_APP_PASSWORD_DAYS * 86400_000));
    const stale = await this.dataSource.getRepository(ApplicationPasswordEntity).find({
      where: [{ lastUsedAt: LessThan(cutoff) }, { lastUsedAt: IsNull(), createdAt: LessThan(cutoff) }],
      order: { createdAt: 'ASC' },
    });
    const users = new Map(
      (stale.length === 0
        ? []
        : await this.dataSource
            .getRepository(UserEntity)
            .createQueryBuilder('user')
            .select(['user.id', 'user.login'])
            .where('user.id IN (:...ids)', { ids: [...new Set(stale.map((s) => s.userId))] })
            .getMany()
      ).map((user) => [user.id, user.login]),
    );
    const issues = stale.map((record): FoundIssue => {
      const login = users.get(record.userId) ?? `#${record.userId}`;
      const since = record.lastUsedAt ?? record.createdAt;
      return {
        type: 'appPasswordStale',
        severity: 50,
        key: `appPassword:${record.uuid}`,
        fingerprint: since,
        shortMsg: `Application password “${record.name}” of ${login} has not been used since ${since.slice(0, 10)}.`,
        longMsg: `<p>The application password <strong>${escapeHtml(record.name)}</strong> of <strong>${escapeHtml(login)}</strong> was ${record.lastUsedAt ? 'last used' : 'created and never used'} on ${since} UTC, more than ${STALE_APP_PASSWORD_DAYS} days ago. Unused credentials are a risk if they leak; repair revokes it.</p>`,
        data: {
          uuid: record.uuid,
          userId: record.userId,
          login,
          name: record.name,
          lastUsed: record.lastUsedAt,
          canRepair: true,
        },
      };
    });
    if (issues.length > 0) await context.report(issues);
    await context.checkpoint(1);
  }
}

/** Administrator accounts created since the previous scan started (none on the first scan). */
@Injectable()
export class NewAdminCheck implements ScanCheck {
  readonly stage = 'new-administrators';
  readonly option = 'scansEnabled_suspiciousAdminUsers' as const;

  constructor(private readonly dataSource: DataSource) {}

  async run(context: ScanContext): Promise<void> {
    if (context.lastScanStarted === null) return context.checkpoint(1);
    const since = formatDateTime(new Date(context.lastScanStarted * 1000));
    const admins = await this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .select(['user.id', 'user.login', 'user.email', 'user.registeredAt'])
      .where('user.role = :role AND user.registeredAt >= :since', { role: 'administrator', since })
      .orderBy('user.id', 'ASC')
      .getMany();
    const issues = admins.map((admin): FoundIssue => ({
      type: 'suspiciousAdminUsers',
      severity: 75,
      key: `newAdmin:${admin.id}`,
      fingerprint: admin.registeredAt,
      shortMsg: `A new administrator “${admin.login}” was created since the last scan.`,
      longMsg: `<p>The administrator <strong>${escapeHtml(admin.login)}</strong> (${escapeHtml(admin.email)}) was registered on ${admin.registeredAt} UTC, after the previous scan. If nobody on your team made this account, the site may be compromised.</p>`,
      data: { userId: admin.id, login: admin.login, registered: unixOf(admin.registeredAt) },
    }));
    if (issues.length > 0) await context.report(issues);
    await context.checkpoint(1);
  }
}
