import { loadConfig } from '../../../platform/config/app-config';
import type { SafeHttpClient } from '../../../platform/common/http';
import type { SiteOptions } from '../../../platform/database';
import { AteAmsClient } from './ate-ams.client';

function client(env: Record<string, string>): AteAmsClient {
  const config = loadConfig({ BASE_URL: 'https://site.example', ...env });
  return new AteAmsClient({} as SafeHttpClient, {} as SiteOptions, config);
}

describe('AteAmsClient', () => {
  it('knows only URLs under the configured base URLs', () => {
    const c = client({ ML_ATE_URL: 'https://ate.example/base/', ML_AMS_URL: 'https://ams.example' });
    expect(c.isServiceUrl('https://ate.example/base')).toBe(true);
    expect(c.isServiceUrl('https://ate.example/base/api/jobs?x=1')).toBe(true);
    expect(c.isServiceUrl('https://ate.example:443/base/x')).toBe(true);
    expect(c.isServiceUrl('https://ams.example/anything')).toBe(true);
    expect(c.isServiceUrl('https://ate.example/basement')).toBe(false);
    expect(c.isServiceUrl('https://ate.example/other')).toBe(false);
    expect(c.isServiceUrl('http://ate.example/base/x')).toBe(false);
    expect(c.isServiceUrl('https://ate.example:8443/base/x')).toBe(false);
    expect(c.isServiceUrl('https://ate.example.evil.test/base/x')).toBe(false);
    expect(c.isServiceUrl('https://user@ams.example/x')).toBe(false);
    expect(c.isServiceUrl('nonsense')).toBe(false);
  });

  it('knows no URL when both services are off', () => {
    const c = client({});
    expect(c.ateEnabled).toBe(false);
    expect(c.amsEnabled).toBe(false);
    expect(c.isServiceUrl('https://ate.wpml.org/api')).toBe(false);
  });

  it('gives the site a stable UUID derived from its URL', () => {
    const a = client({}).websiteUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(client({}).websiteUuid()).toBe(a);
    expect(client({ BASE_URL: 'https://other.example' }).websiteUuid()).not.toBe(a);
  });
});
