import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { REST_AUTHENTICATOR } from '../rest';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { ApplicationPasswordEntity } from './application-passwords/application-password.entity';
import { ApplicationPasswordsController } from './application-passwords/application-passwords.controller';
import { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
import { BasicAuthAuthenticator } from './basic-auth.authenticator';
import { LoginFailures } from './login-failures';
import { AuthoredContentRegistry } from './users/user-content.hooks';
import { UserEntity } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { VerifiedCredentials } from './verified-credentials';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ApplicationPasswordEntity])],
  controllers: [UsersController, ApplicationPasswordsController],
  providers: [
    UsersRepository,
    UsersService,
    ApplicationPasswordsService,
    AuthoredContentRegistry,
    AdminBootstrapService,
    VerifiedCredentials,
    BasicAuthAuthenticator,
    LoginFailures,
    { provide: REST_AUTHENTICATOR, useExisting: BasicAuthAuthenticator },
  ],
  exports: [UsersService, ApplicationPasswordsService, AuthoredContentRegistry, REST_AUTHENTICATOR],
})
export class AuthModule {}
