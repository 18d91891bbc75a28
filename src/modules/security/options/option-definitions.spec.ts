import { coerceOption, isIpOrRange, OPTION_DEFINITIONS } from './option-definitions';

describe('option coercion', () => {
  it('coerces booleans, integers, enums and lists as WordPress form bodies send them', () => {
    expect(coerceOption(OPTION_DEFINITIONS.firewallEnabled, '0')).toEqual({ value: false });
    expect(coerceOption(OPTION_DEFINITIONS.firewallEnabled, 'true')).toEqual({ value: true });
    expect(coerceOption(OPTION_DEFINITIONS.firewallEnabled, 'yes')).toEqual({ error: 'must be a boolean' });
    expect(coerceOption(OPTION_DEFINITIONS.blockedTime, ' 600 ')).toEqual({ value: 600 });
    expect(coerceOption(OPTION_DEFINITIONS.blockedTime, 1.5)).toEqual({ error: 'must be an integer' });
    expect(coerceOption(OPTION_DEFINITIONS.blockedTime, 5)).toEqual({
      error: 'must be between 60 and 2592000',
    });
    expect(coerceOption(OPTION_DEFINITIONS['waf.firewallMode'], 'learning-mode')).toEqual({
      value: 'learning-mode',
    });
    expect(coerceOption(OPTION_DEFINITIONS.blockedIPs, ['10.0.0.0/8', '2001:db8::1'])).toEqual({
      value: '10.0.0.0/8,2001:db8::1',
    });
    expect(coerceOption(OPTION_DEFINITIONS.blockedIPs, '')).toEqual({ value: '' });
    expect(coerceOption(OPTION_DEFINITIONS['waf.disabledRules'], '3, 1,3')).toEqual({ value: [1, 3] });
    expect(coerceOption(OPTION_DEFINITIONS['waf.disabledRules'], [-1])).toEqual({
      error: 'must be a list of rule ids',
    });
  });

  it('knows an address or range when it sees one', () => {
    for (const ok of ['192.0.2.1', '192.0.2.0/24', '::1', '2001:db8::/32', '0.0.0.0/0'])
      expect(isIpOrRange(ok)).toBe(true);
    for (const bad of [
      '192.0.2.256',
      '192.0.2.0/33',
      '2001:db8::/129',
      '10.0.0.0/',
      'host.example',
      '1.2.3.4/x',
    ]) {
      expect(isIpOrRange(bad)).toBe(false);
    }
  });
});
