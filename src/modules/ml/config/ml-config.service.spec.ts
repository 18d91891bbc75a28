import type { LastChanged, SiteOptions } from '../../../platform/database';
import { CUSTOM_XML_OPTION, MlConfigService } from './ml-config.service';
import { MlConfigXml } from './ml-config.xml';

/** The database as two instances see it: one option table and one stamp per group. */
class SharedDatabase {
  options = new Map<string, unknown>();
  stamp = 1;
  siteOptions(): SiteOptions {
    return {
      get: (name: string) => Promise.resolve(this.options.get(name)),
      set: (name: string, value: unknown) => {
        this.options.set(name, value);
        this.stamp += 1; // a write renews the stamp of the tables' groups
        return Promise.resolve();
      },
    } as unknown as SiteOptions;
  }
  lastChanged(): LastChanged {
    return {
      track: () => undefined,
      version: () => Promise.resolve(String(this.stamp)),
    } as unknown as LastChanged;
  }
}

const config = (translate: '0' | '1') =>
  `<ml-config><custom-types><custom-type translate="${translate}">cal_venue</custom-type></custom-types>` +
  `<custom-fields><custom-field action="copy">_price</custom-field></custom-fields></ml-config>`;

describe('MlConfigService', () => {
  let parse: jest.SpyInstance;
  beforeEach(() => (parse = jest.spyOn(MlConfigXml.prototype, 'rules')));
  afterEach(() => parse.mockRestore());

  it('parses the saved config once and keeps the rules until the stamp changes', async () => {
    const db = new SharedDatabase();
    const one = new MlConfigService(db.siteOptions(), db.lastChanged());
    await one.save(config('0'));
    await expect(one.isTranslatable('cal_venue')).resolves.toBe(false);
    await expect(one.customFieldAction('_price')).resolves.toBe('copy');
    await expect(one.isTranslatable('post')).resolves.toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('sees a config saved by another instance, and does not re-parse an unchanged text', async () => {
    const db = new SharedDatabase();
    const one = new MlConfigService(db.siteOptions(), db.lastChanged());
    const other = new MlConfigService(db.siteOptions(), db.lastChanged());
    await one.save(config('0'));
    await expect(other.isTranslatable('cal_venue')).resolves.toBe(false);
    await other.save(config('1'));
    await expect(one.isTranslatable('cal_venue')).resolves.toBe(true);
    const calls = parse.mock.calls.length;
    db.stamp += 1; // another table of the group written: same text, no new parse
    await expect(one.isTranslatable('cal_venue')).resolves.toBe(true);
    expect(parse.mock.calls.length).toBe(calls);
  });

  it('shares one parse between concurrent readers, and defaults without a config', async () => {
    const db = new SharedDatabase();
    const one = new MlConfigService(db.siteOptions(), db.lastChanged());
    await expect(Promise.all([one.rules(), one.rules(), one.rules()])).resolves.toHaveLength(3);
    expect(parse).toHaveBeenCalledTimes(1);
    await expect(one.customFieldAction('_price')).resolves.toBe('ignore');
    db.options.set(CUSTOM_XML_OPTION, '<ml-config><broken>');
    db.stamp += 1;
    await expect(one.isTranslatable('cal_venue')).resolves.toBe(true);
  });
});
