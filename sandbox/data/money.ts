/**
 * Amounts as the service shows them: two decimals, document totals equal to the sum of the items, VAT per line,
 * legislative prices (EUR) beside the document's own currency. Sums run in whole cents so totals never drift.
 */
export type Currency = 'EUR' | 'CZK' | 'USD' | 'HUF';

/** Units of the currency per 1 EUR (ECB style), fixed so the data stays the same from run to run. */
export const EXCHANGE_RATES: Readonly<Record<Currency, number>> = { EUR: 1, CZK: 24.35, USD: 1.17, HUF: 389.6 };

export interface PriceSet {
  totalPrice: number;
  vatTotalPrice: number;
  totalPriceInclVat: number;
}

export interface Prices {
  currency: Currency;
  exchangeRate: number;
  documentPrices: PriceSet;
  /** The same amounts in EUR, the currency of the company's books. */
  legislativePrices: PriceSet;
}

export interface LineItem {
  name: string;
  itemCode: string | null;
  warehouseCode: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  vatRate: number;
  totalPrice: number;
  vatPrice: number;
  totalPriceInclVat: number;
}

export interface VatBreakdown {
  vatRate: number;
  base: number;
  vat: number;
  total: number;
}

const cents = (value: number) => Math.round(value * 100);
const fromCents = (value: number) => (value === 0 ? 0 : value / 100);

/** Half away from zero, like the service's invoices; never answers -0. */
export function round2(value: number): number {
  const rounded = Math.round(Math.abs(value) * 100 + 1e-7) / 100;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** What a line says of its item whatever its prices: the item, its codes (null when none), quantity, unit and rate. */
type LineInput = {
  name: string;
  itemCode?: string | null;
  warehouseCode?: string | null;
  quantity: number;
  unit: string;
  vatRate: number;
};

/** The line's first fields, as the service orders them: up to its unit, before its prices. */
const lineHead = (input: LineInput) => ({
  name: input.name,
  itemCode: input.itemCode ?? null,
  warehouseCode: input.warehouseCode ?? null,
  quantity: input.quantity,
  unit: input.unit,
});

export function lineItem(input: LineInput & { unitPrice: number }): LineItem {
  const totalPrice = round2(input.quantity * input.unitPrice);
  const vatPrice = round2((totalPrice * input.vatRate) / 100);
  return {
    ...lineHead(input),
    unitPrice: round2(input.unitPrice),
    vatRate: input.vatRate,
    totalPrice,
    vatPrice,
    totalPriceInclVat: fromCents(cents(totalPrice) + cents(vatPrice)),
  };
}

/**
 * An invoice's line as an upload gives it: the quantity and the line's total including VAT, no unit price. The base
 * is the total without its VAT, `total × 100 / (100 + rate)` rounded half away from zero to the cent, the VAT the rest
 * (so base + VAT is the total, to the cent); the unit price is the base per unit, rounded to the cent (0 for no
 * quantity). Integer arithmetic in cents throughout: no float ever reaches a sum.
 */
export function lineFromTotal(input: LineInput & { totalPriceInclVat: number }): LineItem {
  const total = cents(input.totalPriceInclVat);
  // Rates with up to two decimals: numerator and denominator in hundredths of a percent, both whole numbers.
  const rate = Math.round(input.vatRate * 100);
  const numerator = Math.abs(total) * 10_000;
  const denominator = 10_000 + rate;
  const base = Math.floor((2 * numerator + denominator) / (2 * denominator)) * Math.sign(total);
  const vat = total - base;
  return {
    ...lineHead(input),
    unitPrice: input.quantity === 0 ? 0 : round2(fromCents(base) / input.quantity),
    vatRate: input.vatRate,
    totalPrice: fromCents(base),
    vatPrice: fromCents(vat),
    totalPriceInclVat: fromCents(total),
  };
}

function priceSet(totalCents: number, vatCents: number): PriceSet {
  return {
    totalPrice: fromCents(totalCents),
    vatTotalPrice: fromCents(vatCents),
    totalPriceInclVat: fromCents(totalCents + vatCents),
  };
}

export function toEur(amount: number, currency: Currency, rate = EXCHANGE_RATES[currency]): number {
  return round2(amount / rate);
}

/** Document and legislative (EUR) prices; `exchangeRate` (units per 1 EUR) defaults to the currency's fixed rate. */
export function pricesOf(
  items: readonly Pick<LineItem, 'totalPrice' | 'vatPrice'>[],
  currency: Currency,
  exchangeRate = EXCHANGE_RATES[currency],
): Prices {
  const total = items.reduce((sum, item) => sum + cents(item.totalPrice), 0);
  const vat = items.reduce((sum, item) => sum + cents(item.vatPrice), 0);
  const rate = currency === 'EUR' ? 1 : exchangeRate;
  return {
    currency,
    exchangeRate: rate,
    documentPrices: priceSet(total, vat),
    legislativePrices: priceSet(
      cents(toEur(fromCents(total), currency, rate)),
      cents(toEur(fromCents(vat), currency, rate)),
    ),
  };
}

export function vatBreakdownsOf(items: readonly LineItem[]): VatBreakdown[] {
  const byRate = new Map<number, { base: number; vat: number }>();
  for (const item of items) {
    const entry = byRate.get(item.vatRate) ?? { base: 0, vat: 0 };
    entry.base += cents(item.totalPrice);
    entry.vat += cents(item.vatPrice);
    byRate.set(item.vatRate, entry);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRate, { base, vat }]) => ({
      vatRate,
      base: fromCents(base),
      vat: fromCents(vat),
      total: fromCents(base + vat),
    }));
}

/** Adds amounts in whole cents. */
export function sumAmounts(values: readonly number[]): number {
  return fromCents(values.reduce((sum, value) => sum + cents(value), 0));
}

/** Splits an amount into parts (by weights) whose sum is exactly the amount. */
export function splitAmount(amount: number, weights: readonly number[]): number[] {
  const total = cents(amount);
  const weightSum = weights.reduce((sum, w) => sum + w, 0) || 1;
  const parts = weights.map((w) => Math.trunc((total * w) / weightSum));
  const rest = total - parts.reduce((sum, p) => sum + p, 0);
  if (parts.length > 0) parts[parts.length - 1] = (parts[parts.length - 1] ?? 0) + rest;
  return parts.map(fromCents);
}

/** `1 234,56 EUR`, the way a Slovak document prints an amount. */
export function formatAmount(value: number, currency?: string): string {
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${value < 0 ? '-' : ''}${grouped},${fraction}${currency ? ` ${currency}` : ''}`;
}
