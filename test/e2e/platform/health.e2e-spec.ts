import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../../helpers/test-app';

describe('GET /health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it('is 200 with the database up', async () => {
    const res = await t.http().get('/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ database: { status: 'up' } });
    expect(res.body.details.database.status).toBe('up');
  });

  it('is not a REST route', async () => {
    const res = await t.http().get('/wp-json/health');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('is 503 with the database down', async () => {
    await t.app.get(DataSource).destroy();
    const res = await t.http().get('/health');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('error');
    expect(res.body.error.database.status).toBe('down');
  });
});
