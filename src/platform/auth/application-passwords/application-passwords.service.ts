import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { nowUtc } from '../../database';
import { RestError } from '../../rest';
import {
  chunkPassword,
  generatePassword,
  hashApplicationPassword,
  verifyApplicationPassword,
} from '../passwords';
import { ApplicationPasswordEntity } from './application-password.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

export const ApplicationPasswordErrors = {
  notFound: () =>
    new RestError('rest_application_password_not_found', 'Application password not found.', 404),
  emptyName: () =>
    new RestError(
      'application_password_empty_name',
      'An application name is required to create an application password.',
      400,
    ),
  duplicateName: () =>
    new RestError('application_password_duplicate_name', 'Each application name should be unique.', 409),
  notIntrospectable: () =>
    new RestError('rest_no_authenticated_app_password', 'Cannot introspect application password.', 404),
};

/** WordPress's WP_Application_Passwords: 24 characters shown once, stored hashed, per user. */
@Injectable()
export class ApplicationPasswordsService {
  private readonly passwords: Repository<ApplicationPasswordEntity>;

  constructor(dataSource: DataSource) {
    this.passwords = dataSource.getRepository(ApplicationPasswordEntity);
  }

  listFor(userId: number): Promise<ApplicationPasswordEntity[]> {
    return this.passwords.find({ where: { userId }, order: { createdAt: 'ASC', uuid: 'ASC' } });
  }

  async getFor(userId: number, uuid: string): Promise<ApplicationPasswordEntity> {
    const found = await this.passwords.findOneBy({ userId, uuid });
    if (!found) throw ApplicationPasswordErrors.notFound();
    return found;
  }

  /** Creates a password; returns the stored record and the plain password, grouped in fours, to show once. */
  async create(
    userId: number,
    name: string,
    appId = '',
  ): Promise<{ record: ApplicationPasswordEntity; password: string }> {
    const trimmed = name.trim();
    if (!trimmed) throw ApplicationPasswordErrors.emptyName();
    if (await this.passwords.existsBy({ userId, name: trimmed }))
      throw ApplicationPasswordErrors.duplicateName();
    const password = generatePassword(24);
    const record = this.passwords.create({
      uuid: randomUUID(),
      userId,
      appId,
      name: trimmed,
      passwordHash: hashApplicationPassword(password),
      createdAt: nowUtc(),
      lastUsedAt: null,
      lastIp: null,
    });
    await this.passwords.save(record);
    return { record, password: chunkPassword(password) };
  }

  async rename(record: ApplicationPasswordEntity, name: string): Promise<ApplicationPasswordEntity> {
    const trimmed = name.trim();
    if (!trimmed) throw ApplicationPasswordErrors.emptyName();
    record.name = trimmed;
    return this.passwords.save(record);
  }

  async delete(record: ApplicationPasswordEntity): Promise<void> {
    await this.passwords.delete({ uuid: record.uuid });
  }

  async deleteAllFor(userId: number): Promise<number> {
    const result = await this.passwords.delete({ userId });
    return result.affected ?? 0;
  }

  /** The user's password matching `password` (any non-alphanumeric characters ignored), or null. */
  async verify(userId: number, password: string): Promise<ApplicationPasswordEntity | null> {
    const normalized = password.replace(/[^A-Za-z0-9]/g, '');
    const candidates = await this.passwords.findBy({ userId });
    return (
      candidates.find((candidate) => verifyApplicationPassword(normalized, candidate.passwordHash)) ?? null
    );
  }

  /** Records use (time and address) at most once per 24 hours, as WordPress's record_application_password_usage. */
  async recordUse(record: ApplicationPasswordEntity, clientAddress: string): Promise<void> {
    const now = nowUtc();
    const lastUsed = record.lastUsedAt ? Date.parse(`${record.lastUsedAt.replace(' ', 'T')}Z`) : NaN;
    if (lastUsed + DAY_MS > Date.parse(`${now.replace(' ', 'T')}Z`)) return;
    await this.passwords.update({ uuid: record.uuid }, { lastUsedAt: now, lastIp: clientAddress });
  }
}
