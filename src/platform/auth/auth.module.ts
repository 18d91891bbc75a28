import { Module } from '@nestjs/common';
import { REST_AUTHENTICATOR } from '../rest';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { ApplicationPasswordsModule } from './application-passwords/application-passwords.module';
import { BasicAuthAuthenticator } from './basic-auth.authenticator';
import { LoginFailures } from './login-failures';
import { UsersModule } from './users/users.module';
import { VerifiedCredentials } from './verified-credentials';

/**
 * Authentication of REST requests (application passwords over HTTP Basic, the shared failed-login limit, the
 * verified-credential cache) and the first-run administrator; users and application passwords are their own
 * modules. Not global: a module that needs the users service imports `UsersModule`; one that needs the
 * authenticator imports this module.
 */
@Module({
  imports: [UsersModule, ApplicationPasswordsModule],
  providers: [
    AdminBootstrapService,
    VerifiedCredentials,
    LoginFailures,
    BasicAuthAuthenticator,
    { provide: REST_AUTHENTICATOR, useExisting: BasicAuthAuthenticator },
  ],
  exports: [REST_AUTHENTICATOR, UsersModule, ApplicationPasswordsModule],
})
export class AuthModule {}
