import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ROLE_CAPABILITIES, ROLES, UserEntity } from '../../../platform/auth';
import type { AmsUser } from './ate-ams.client';

export const MANAGE_TRANSLATIONS = 'manage_translations';
export const TRANSLATE = 'translate';

/** The users AMS learns about: translation managers and translators, by their roles' capabilities. */
@Injectable()
export class TranslationUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  managers(): Promise<AmsUser[]> {
    return this.withCapability(MANAGE_TRANSLATIONS);
  }

  translators(): Promise<AmsUser[]> {
    return this.withCapability(TRANSLATE);
  }

  async byId(id: number): Promise<AmsUser | null> {
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ id });
    return user ? toAmsUser(user) : null;
  }

  private async withCapability(capability: string): Promise<AmsUser[]> {
    const roles = ROLES.filter((role) => ROLE_CAPABILITIES[role].has(capability));
    if (roles.length === 0) return [];
    const users = await this.dataSource
      .getRepository(UserEntity)
      .find({ where: { role: In(roles) }, order: { id: 'ASC' } });
    return users.map(toAmsUser);
  }
}

function toAmsUser(user: UserEntity): AmsUser {
  return {
    email: user.email,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}
