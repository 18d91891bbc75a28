/**
 * Event cost as TEC reads it (`Cost_Utils`): the stored text may hold several values
 * (`$10 - $20`, `€6.50 - €8.50`, `5,50 7,50`); the numeric ones become `cost_details.values`, a
 * currency symbol before or after the number gives `currency_symbol`/`currency_position`, and the
 * displayed `cost` is the single value or `min – max`, with 0 shown as `Free`.
 */

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

export interface FormattedCost {
  cost: string;
  details: CostDetails;
}

const NUMBER = /(\d+(?:[.,]\d+)*)/g;
const SYMBOL_CHARS = /[^\d\s.,\-–—]+/;

/** Joins array input the way it is stored. */
export function costToStored(input: unknown): string {
  if (input === null || input === undefined) return '';
  if (Array.isArray(input)) {
    return input
      .map((value) => String(value).trim())
      .filter((value) => value !== '')
      .join(' - ')
      .slice(0, 255);
  }
  return String(input).trim().slice(0, 255);
}

function parseAmount(text: string): number {
  // `1,000` / `1.000.000` are thousands; `5,50` / `25,55` / `6.5` a decimal separator.
  const groups = text.split(/[.,]/);
  if (groups.length === 1) return Number(text);
  const last = groups[groups.length - 1];
  if (last.length === 3) return Number(groups.join(''));
  return Number(`${groups.slice(0, -1).join('')}.${last}`);
}

function numberText(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** The site's currency (TEC's default currency settings), used where the cost text names none. */
export interface SiteCurrency {
  symbol: string;
  position: 'prefix' | 'postfix';
}

/** `withoutSymbol`: the cost as TEC's `tribe_get_cost( $event )` gives it without currency (the JSON-LD price). */
export function formatCost(
  stored: string,
  site?: SiteCurrency,
  options: { withoutSymbol?: boolean } = {},
): FormattedCost {
  const empty: CostDetails = { currency_symbol: '', currency_code: '', currency_position: '', values: [] };
  const text = stored.trim();
  if (text === '') return { cost: '', details: empty };

  const amounts = [...text.matchAll(NUMBER)].map((match) => ({
    value: parseAmount(match[1]),
    index: match.index ?? 0,
    raw: match[1],
  }));
  if (amounts.length === 0) return { cost: text, details: empty };

  let symbol = '';
  let position = '';
  const first = amounts[0];
  const before = text.slice(0, first.index).trim();
  const after = text.slice(first.index + first.raw.length).split(/\s|-|–/)[0] ?? '';
  const beforeSymbol = SYMBOL_CHARS.exec(before.split(/\s/).pop() ?? '')?.[0] ?? '';
  const afterSymbol = SYMBOL_CHARS.exec(after)?.[0] ?? '';
  if (beforeSymbol) {
    symbol = beforeSymbol;
    position = 'prefix';
  } else if (afterSymbol) {
    symbol = afterSymbol;
    position = 'postfix';
  }

  const values = [...new Set(amounts.map((amount) => amount.value))].sort((a, b) => a - b);
  // Numbers without a symbol of their own are shown with the site's (`cost_details` keeps only the text's).
  const shownSymbol = options.withoutSymbol ? '' : symbol || site?.symbol || '';
  const shownPosition = symbol ? position : (site?.position ?? 'prefix');
  const show = (value: number) => {
    if (value === 0) return 'Free';
    const number = numberText(value);
    if (!shownSymbol) return number;
    return shownPosition === 'prefix' ? `${shownSymbol}${number}` : `${number}${shownSymbol}`;
  };
  const plainNumber = /^\d+(?:[.,]\d+)*$/.test(text);
  const cost =
    amounts.length === 1
      ? values[0] === 0
        ? 'Free'
        : plainNumber
          ? show(values[0])
          : text
      : values.length === 1
        ? show(values[0])
        : `${show(values[0])} – ${show(values[values.length - 1])}`;
  return {
    cost,
    details: {
      currency_symbol: symbol,
      currency_code: '',
      currency_position: position,
      values: values.map(numberText),
    },
  };
}
