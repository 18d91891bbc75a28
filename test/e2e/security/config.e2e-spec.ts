import { FakeConsole, SECURITY } from './console-helpers';

describe('security/v1/config', () => {
  const fake = new FakeConsole();
  let token: string;
  const get = (query = '') =>
    fake.t.http().get(`${SECURITY}/config${query}`).set('Authorization', `Bearer ${token}`);
  const post = (body: object | string, method: 'post' | 'put' | 'patch' = 'post', type?: string) => {
    const req = fake.t.http()[method](`${SECURITY}/config`).set('Authorization', `Bearer ${token}`);
    if (type) req.set('Content-Type', type);
    return req.send(body);
  };

  beforeAll(async () => {
    await fake.boot();
    await fake.allowLocalhost();
    await fake.connect();
    token = await fake.token();
  });
  afterAll(() => fake.t.close());

  it('GET answers every typed option, the waf block, the login-security settings and system info', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['config', 'info']);
    const { config, info } = res.body;
    expect(config).toMatchObject({
      alertEmails: '',
      scansEnabled_posts: true,
      loginSecurityEnabled: true,
      loginSec_maxFailures: 20,
      max404Humans: 0,
      blockedTime: 300,
      whitelisted: '127.0.0.1,::1',
      blockedIPs: '',
      howGetIPs: '',
      scanTime: false,
      isPaid: false,
      'wfls_settings_ip-source': '',
      'wfls_settings_ip-trusted-proxies': '',
    });
    expect(config.signatureVersion).toMatch(/^\d{4}\.\d\d\.\d\d\.\d+$/);
    expect(config.waf).toEqual({
      autoPrepend: true,
      avoid_php_input: 0,
      disabledRules: [],
      ruleCount: 4,
      disableWAFBlacklistBlocking: false,
      enabled: true,
      firewallMode: 'enabled',
      learningModeGracePeriod: 0,
      learningModeGracePeriodEnabled: false,
      subdirectoryInstall: false,
      wafStatus: 'enabled',
    });
    expect(info).toMatchObject({
      output_buffering: false,
      admin_url: 'http://example.test/wp-admin/',
      signature_version: config.signatureVersion,
      scan: { status: 'idle', progress: 0 },
      firewall: { mode: 'enabled', active_blocks: 0 },
    });
    expect(info.ip[0]).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(info.ip[1]).toBe('REMOTE_ADDR');
    expect(['sqlite', 'mysql']).toContain(info.database);
  });

  it('GET fields picks options, waf.<x> and wfls_settings_<x>, and leaves unknown names out', async () => {
    const res = await get(
      '?fields[]=blockedTime&fields[]=waf.wafStatus&fields[]=wfls_settings_ip-source&fields[]=nope&fields[]=waf.nope',
    );
    expect(res.body.config).toEqual({
      blockedTime: 300,
      waf: { wafStatus: 'enabled' },
      'wfls_settings_ip-source': '',
    });
    const single = await get('?fields=max404Humans');
    expect(single.body.config).toEqual({ max404Humans: 0 });
  });

  it('POST/PUT/PATCH store typed values (JSON or form), aliases included', async () => {
    const res = await post({
      fields: { max404Humans: '30', loginSecurityEnabled: 0, alertEmails: 'a@example.com, b@example.org' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(
      (
        await post(
          {
            fields: {
              wafStatus: 'learning-mode',
              'wfls_settings_ip-trusted-proxies': '10.0.0.0/8\n2001:db8::/32',
            },
          },
          'put',
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          'fields[blockedTime]=600&fields[waf.disabledRules]=2,1',
          'patch',
          'application/x-www-form-urlencoded',
        )
      ).status,
    ).toBe(200);
    const { config } = (await get()).body;
    expect(config).toMatchObject({
      max404Humans: 30,
      loginSecurityEnabled: false,
      alertEmails: 'a@example.com,b@example.org',
      blockedTime: 600,
      howGetIPs_trusted_proxies: '10.0.0.0/8,2001:db8::/32',
      'wfls_settings_ip-trusted-proxies': '10.0.0.0/8,2001:db8::/32',
    });
    expect(config.waf).toMatchObject({
      firewallMode: 'learning-mode',
      wafStatus: 'learning-mode',
      disabledRules: [1, 2],
      ruleCount: 2,
    });
    const rows = await fake
      .dataSource()
      .query("SELECT name, value FROM security_options WHERE name = 'max404Humans'");
    expect(rows).toEqual([{ name: 'max404Humans', value: '30' }]);
    await post({ fields: { wafStatus: 'enabled', loginSecurityEnabled: true, 'waf.disabledRules': [] } });
  });

  it('invalid values: 422 rest_set_config_error naming each problem, nothing stored', async () => {
    const one = await post({ fields: { loginSec_maxFailures: 0 } });
    expect(one.status).toBe(422);
    expect(one.body).toEqual({
      code: 'rest_set_config_error',
      message:
        'An error occurred while saving the configuration: Invalid value for loginSec_maxFailures: must be between 1 and 1000',
      data: { status: 422 },
    });
    const many = await post({
      fields: {
        blockedTime: 'soon',
        blockedIPs: '1.2.3.4, 300.1.1.1',
        wafStatus: 'on',
        scanTime: 5,
        nope: 1,
        max404Humans: 7,
      },
    });
    expect(many.status).toBe(422);
    expect(many.body.code).toBe('rest_set_config_error');
    expect(many.body.message).toBe(
      "Errors occurred while saving the configuration: Invalid value for blockedTime: must be an integer, Invalid value for blockedIPs: '300.1.1.1' is not an IP address or CIDR range, Invalid value for wafStatus: must be one of 'enabled', 'learning-mode', 'disabled', scanTime is read-only, nope is not a known option",
    );
    expect((await get('?fields=max404Humans')).body.config.max404Humans).toBe(30);
    const emails = await post({ fields: { alertEmails: 'not-mail' } });
    expect(emails.body.message).toContain("'not-mail' is not an e-mail address");
    const ranges = await post({ fields: { whitelisted: '10.0.0.0/33' } });
    expect(ranges.status).toBe(422);
  });

  it('empty or missing fields: 422 rest_save_config_error', async () => {
    for (const body of [{}, { fields: {} }, { fields: 'x' }, { fields: [] }]) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'rest_save_config_error',
        message: "Validation error: 'fields' parameter is empty or not an array.",
        data: { status: 422 },
      });
    }
  });
});
