import { Module } from '@nestjs/common';
import { REST_AUTHENTICATOR } from '../rest';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { ApplicationPasswordsModule } from './application-passwords/application-passwords.module';
import { BasicAuthAuthenticator } from './basic-auth.authenticator';
import { UsersModule } from './users/users.module';

/**
 * Authentication of REST requests (application passwords over HTTP Basic) and the first-run administrator.
 * The REST platform finds the authenticator by its token; users and application passwords are their own modules.
 */
@Module({
  imports: [UsersModule, ApplicationPasswordsModule],
  providers: [
    AdminBootstrapService,
    BasicAuthAuthenticator,
    { provide: REST_AUTHENTICATOR, useExisting: BasicAuthAuthenticator },
  ],
  exports: [REST_AUTHENTICATOR, UsersModule, ApplicationPasswordsModule],
})
export class AuthModule {}
