import { costToStored, formatCost } from './event-cost';

describe('event cost', () => {
  it('keeps a single value as entered and infers the symbol', () => {
    expect(formatCost('20$')).toEqual({
      cost: '20$',
      details: { currency_symbol: '$', currency_code: '', currency_position: 'postfix', values: ['20'] },
    });
    expect(formatCost('$23').details).toMatchObject({
      currency_symbol: '$',
      currency_position: 'prefix',
      values: ['23'],
    });
  });

  it('formats several values as a range with Free for zero', () => {
    expect(formatCost(costToStored(['0$', '20$', '30$']))).toEqual({
      cost: 'Free – 30$',
      details: {
        currency_symbol: '$',
        currency_code: '',
        currency_position: 'postfix',
        values: ['0', '20', '30'],
      },
    });
    expect(formatCost('€6.50 - €8.50').details.values).toEqual(['6.5', '8.5']);
    expect(formatCost('5,50 7,50').details.values).toEqual(['5.5', '7.5']);
    expect(formatCost('25,55').details.values).toEqual(['25.55']);
    expect(formatCost('1,000').details.values).toEqual(['1000']);
  });

  it('passes text without numbers through', () => {
    expect(formatCost('Free')).toEqual({
      cost: 'Free',
      details: { currency_symbol: '', currency_code: '', currency_position: '', values: [] },
    });
    expect(formatCost('').cost).toBe('');
  });

  it("shows plain numbers with the site's currency, keeping cost_details to the text's own", () => {
    const site = { symbol: '$', position: 'prefix' as const };
    expect(formatCost('10', site)).toEqual({
      cost: '$10',
      details: { currency_symbol: '', currency_code: '', currency_position: '', values: ['10'] },
    });
    expect(formatCost(costToStored(['0', '40']), site).cost).toBe('Free – $40');
    expect(formatCost('10', { symbol: 'kr', position: 'postfix' }).cost).toBe('10kr');
    expect(formatCost('20€', site).cost).toBe('20€');
    expect(formatCost('0', site).cost).toBe('Free');
  });
});
