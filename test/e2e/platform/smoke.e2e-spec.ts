import { createTestApp, TestApp } from '../../helpers/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the index and users/me', async () => {
    const index = await t.http().get('/wp-json/');
    expect(index.status).toBe(200);
    const admin = await t.user('administrator');
    const me = await t.http().get('/wp-json/core/v2/users/me').set('Authorization', admin.auth);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(admin.id);
  });
});
