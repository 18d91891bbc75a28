import { Injectable } from '@nestjs/common';
import { RestAuthenticator, RestError, RestErrors } from '../rest';
import { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
import { LoginFailures } from './login-failures';
import { SiteUser } from './site-user';
import { UsersService } from './users/users.service';
import { AUTH_CACHE_GROUP, VerifiedCredentials } from './verified-credentials';

const AuthErrors = {
  unknownUsername: () =>
    new RestError('invalid_username', 'Unknown username. Check again or try your email address.', 401),
  unknownEmail: () =>
    new RestError('invalid_email', 'Unknown email address. Check again or try your username.', 401),
  incorrectPassword: () =>
    new RestError('incorrect_password', 'The provided password is an invalid application password.', 401),
};

/**
 * Application Passwords over HTTP Basic, as WordPress's wp_authenticate_application_password: login or
 * e-mail plus an application password (spaces and dashes ignored). No Authorization header means an
 * anonymous caller; wrong credentials are a 401. Failed attempts are counted per client address (behind a
 * trusted proxy, the address it forwards) in the database and answered 429 with Retry-After once the limit is
 * reached, until the window passes; during a lock-out valid credentials are refused too.
 */
@Injectable()
export class BasicAuthAuthenticator implements RestAuthenticator {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: ApplicationPasswordsService,
    private readonly failures: LoginFailures,
    private readonly verified: VerifiedCredentials,
  ) {}

  async authenticate(
    headers: Record<string, string | undefined>,
    clientAddress: string,
  ): Promise<SiteUser | null> {
    const authorization = headers.authorization;
    const credentials = this.credentialsOf(authorization);
    if (!authorization || !credentials) return null;
    // One read: the client's lock-out and, with the cache on, the `auth` stamp a kept verification must match.
    const state = await this.failures.state(
      clientAddress,
      this.verified.enabled ? AUTH_CACHE_GROUP : undefined,
    );
    if (state.lockedFor > 0) throw RestErrors.tooManyRequests(state.lockedFor);
    let verified = false;
    let user: SiteUser;
    try {
      user = await this.verified.remember(authorization, state.stamp, () => {
        verified = true;
        return this.verify(credentials.login, credentials.password, clientAddress);
      });
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      // Requests failing at once all count; those past the limit are answered 429, not 401.
      const lockedFor = await this.failures.record(clientAddress);
      if (lockedFor > 0) throw RestErrors.tooManyRequests(lockedFor);
      throw error;
    }
    // A guess that succeeded while parallel guesses reached the limit is refused as well (a credential verified
    // before, under the current stamp, is no guess: the check above covers it).
    if (verified) await this.assertNotLockedOut(clientAddress);
    return user;
  }

  private credentialsOf(header: string | undefined): { login: string; password: string } | null {
    const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
    if (!match) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }

  private async verify(login: string, password: string, clientAddress: string): Promise<SiteUser> {
    const { user, byEmail } = await this.users.findByLoginOrEmail(login);
    if (!user) throw byEmail ? AuthErrors.unknownEmail() : AuthErrors.unknownUsername();
    const record = await this.passwords.verify(user.id, password);
    if (!record) throw AuthErrors.incorrectPassword();
    await this.passwords.recordUse(record, clientAddress);
    return new SiteUser(user, record.uuid);
  }

  private async assertNotLockedOut(clientAddress: string): Promise<void> {
    const lockedFor = await this.failures.lockedOutFor(clientAddress);
    if (lockedFor > 0) throw RestErrors.tooManyRequests(lockedFor);
  }
}
