export { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
export { AuthModule } from './auth.module';
export * from './capabilities';
export { SiteUser } from './site-user';
export { AuthoredContentRegistry } from './users/user-content.hooks';
export type { AuthoredContentSource } from './users/user-content.hooks';
export { avatarUrls, toUserResponse } from './users/user.mapper';
export { UserEntity } from './users/user.entity';
export { UsersService } from './users/users.service';
