import { CreateUserArgs } from '../../../src/platform/auth';
import { RestError, RestServer } from '../../../src/platform/rest';
import { createTestApp, TestApp } from '../../helpers/test-app';

/** The args classes of the routes validate input from other paths (the CLI's user:create) the same way. */
describe('args classes outside HTTP', () => {
  let t: TestApp;
  let server: RestServer;
  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.get(RestServer);
  });
  afterAll(() => t.close());

  const failure = async (input: Record<string, unknown>): Promise<RestError> => {
    const error = await server.validateInput(CreateUserArgs, input).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(RestError);
    return error as RestError;
  };

  it('returns the coerced arguments of valid input', async () => {
    const args = await server.validateInput(CreateUserArgs, {
      username: 'cli-user',
      email: 'cli@example.test',
      password: 'secret',
      name: '  Cli <b>User</b> ',
    });
    expect(args).toEqual({
      username: 'cli-user',
      email: 'cli@example.test',
      password: 'secret',
      name: 'Cli User',
    });
  });

  it('reports missing required arguments as the route does', async () => {
    const error = await failure({ username: 'cli-user' });
    expect(error.toBody()).toEqual({
      code: 'rest_missing_callback_param',
      message: 'Missing parameter(s): email, password',
      data: { status: 400, params: ['email', 'password'] },
    });
  });

  it('reports every invalid argument together with WordPress’s messages', async () => {
    const error = await failure({
      username: 'bad login!',
      email: 'not-an-email',
      password: 'x',
      locale: 'fr',
    });
    expect(error.code).toBe('rest_invalid_param');
    expect(Object.keys((error.extraData as { params: object }).params).sort()).toEqual([
      'email',
      'locale',
      'username',
    ]);
    expect((error.extraData as { params: Record<string, string> }).params.email).toBe(
      'Invalid email address.',
    );
  });

  it('answers POST /core/v2/users with the same messages', async () => {
    const admin = await t.user('administrator');
    const res = await t
      .http()
      .post('/wp-json/core/v2/users')
      .set('Authorization', admin.auth)
      .send({ username: 'bad login!', email: 'not-an-email', password: 'x', locale: 'fr' });
    const error = await failure({
      username: 'bad login!',
      email: 'not-an-email',
      password: 'x',
      locale: 'fr',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(error.toBody());
  });
});
