import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { SiteOptions } from '../../../src/platform/database';
import { createTestApp, TestApp } from '../../helpers/test-app';

const ROUTE = '/wp-json/installer/v1/push/fetch-subscription';

describe('installer/v1/push/fetch-subscription', () => {
  let t: TestApp;
  let server: Server;
  let fetches = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ subscription: { expires: '2027-01-01', type: 'business' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ INSTALLER_SUBSCRIPTION_URL: `http://127.0.0.1:${port}/subscription` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refreshes the subscription data once, then answers 403 with the same body inside two hours', async () => {
    const first = await t.http().get(ROUTE);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'OK' });
    expect(fetches).toBe(1);
    expect(await t.app.get(SiteOptions).get('installer_subscription')).toEqual({
      subscription: { expires: '2027-01-01', type: 'business' },
    });
    const second = await t.http().get(ROUTE);
    expect(second.status).toBe(403);
    expect(second.body).toEqual({ message: 'OK' });
    expect(fetches).toBe(1);
  });

  it('lets exactly one of many parallel pushes refresh once the gate has passed', async () => {
    await t.app
      .get(DataSource)
      .query(
        "UPDATE site_options SET value = '\"000000000001\"' WHERE name = 'installer_last_subscriptions_update'",
      );
    const before = fetches;
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.http().get(ROUTE)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
    expect(fetches).toBe(before + 1);
  });

  it('answers only GET', async () => {
    const res = await t.http().post(ROUTE);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_no_route');
  });
});

describe('installer/v1 without a subscription service', () => {
  it('acknowledges the push and fetches nothing', async () => {
    const t = await createTestApp();
    try {
      expect((await t.http().get(ROUTE)).status).toBe(200);
      expect(await t.app.get(SiteOptions).get('installer_subscription')).toBeUndefined();
      expect((await t.http().get(ROUTE)).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
