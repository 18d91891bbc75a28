import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { AppConfig } from '../config';
import { RestAuthenticator, RestError, RestErrors } from '../rest';
import { ApplicationPasswordsService } from './application-passwords/application-passwords.service';
import { SiteUser } from './site-user';
import { UsersService } from './users/users.service';
import { VerifiedCredentials } from './verified-credentials';

const AuthErrors = {
  unknownUsername: () =>
    new RestError('invalid_username', 'Unknown username. Check again or try your email address.', 401),
  unknownEmail: () =>
    new RestError('invalid_email', 'Unknown email address. Check again or try your username.', 401),
  incorrectPassword: () =>
    new RestError('incorrect_password', 'The provided password is an invalid application password.', 401),
};

const THROTTLER = 'basic-auth-failures';

/**
 * Application Passwords over HTTP Basic, as WordPress's wp_authenticate_application_password: login or
 * e-mail plus an application password (spaces and dashes ignored). No Authorization header means an
 * anonymous caller; wrong credentials are a 401. Failed attempts are counted per client address and
 * answered 429 once the limit is reached, until the window passes.
 */
@Injectable()
export class BasicAuthAuthenticator implements RestAuthenticator, OnApplicationShutdown {
  private readonly failures = new ThrottlerStorageService();

  constructor(
    private readonly users: UsersService,
    private readonly passwords: ApplicationPasswordsService,
    private readonly verified: VerifiedCredentials,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async authenticate(
    headers: Record<string, string | undefined>,
    clientAddress: string,
  ): Promise<SiteUser | null> {
    const credentials = this.credentialsOf(headers.authorization);
    if (!credentials) return null;
    this.assertNotLockedOut(clientAddress);
    try {
      return await this.verified.remember(headers.authorization as string, () =>
        this.verify(credentials.login, credentials.password, clientAddress),
      );
    } catch (error) {
      if (error instanceof RestError) await this.recordFailure(clientAddress);
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.failures.onApplicationShutdown();
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

  private assertNotLockedOut(clientAddress: string): void {
    const record = this.failures.storage.get(this.keyOf(clientAddress));
    if (record?.isBlocked && record.blockExpiresAt > Date.now()) {
      throw RestErrors.tooManyRequests(Math.ceil((record.blockExpiresAt - Date.now()) / 1000));
    }
  }

  private async recordFailure(clientAddress: string): Promise<void> {
    const windowMs = this.config.authFailureWindowSeconds * 1000;
    // The throttler blocks once the count exceeds its limit; AUTH_MAX_FAILURES failures are allowed, so the
    // attempt after the last allowed failure is already answered 429.
    await this.failures.increment(
      this.keyOf(clientAddress),
      windowMs,
      this.config.authMaxFailures - 1,
      windowMs,
      THROTTLER,
    );
  }

  private keyOf(clientAddress: string): string {
    return `${THROTTLER}:${clientAddress}`;
  }
}
