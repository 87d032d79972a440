import { type Currency, EXCHANGE_RATES, type LineItem, lineItem, round2 } from './money';
import type { Random } from './random';
import type { Theme } from './themes';
import type { CatalogItem, Partner } from './types';

export interface LineOptions {
  theme: Theme;
  catalog: readonly CatalogItem[];
  currency: Currency;
  /** EU business customers abroad and customers outside the EU are invoiced without VAT (reverse charge, export). */
  vatFree: boolean;
}

export function isVatFree(partner: Partner): boolean {
  const country = partner.address.country;
  return country !== 'SK' && (country === 'US' || partner.vatId !== null);
}

/** A price in EUR expressed in the document's currency; forints come without cents, as Hungarian prices do. */
export function priceIn(currency: Currency, eur: number): number {
  const value = eur * EXCHANGE_RATES[currency];
  return currency === 'HUF' ? Math.round(value) : round2(value);
}

function quantityFor(random: Random, theme: Theme, unit: string): number {
  const [min, max] = theme.quantity;
  const whole = random.int(min, max);
  // Weighed and measured units (kg, hours, metres) often come with one decimal.
  return unit !== 'ks' && random.chance(0.3) ? round2(whole + random.int(1, 9) / 10) : whole;
}

export function generateLines(random: Random, options: LineOptions, count: number): LineItem[] {
  const services = options.theme.products.filter((product) => !product.stock);
  const lines: LineItem[] = [];
  const used = new Set<string>();
  for (let attempt = 0; lines.length < count && attempt < count * 4; attempt += 1) {
    const fromCatalog = options.catalog.length > 0 && (services.length === 0 || random.chance(0.75));
    if (fromCatalog) {
      const card = random.pick(options.catalog);
      if (used.has(card.itemCode)) continue;
      used.add(card.itemCode);
      lines.push(
        lineItem({
          name: card.name,
          itemCode: card.itemCode,
          warehouseCode: card.warehouses[0]?.code ?? null,
          quantity: quantityFor(random, options.theme, card.unit),
          unit: card.unit,
          unitPrice: priceIn(options.currency, card.price),
          vatRate: options.vatFree ? 0 : card.vatRate,
        }),
      );
    } else {
      const service = random.pick(services);
      if (used.has(service.name)) continue;
      used.add(service.name);
      lines.push(
        lineItem({
          name: service.name,
          quantity: quantityFor(random, options.theme, service.unit),
          unit: service.unit,
          unitPrice: priceIn(options.currency, service.price * (0.9 + random.int(0, 30) / 100)),
          vatRate: options.vatFree ? 0 : service.vatRate,
        }),
      );
    }
  }
  return lines;
}

export function currencyFor(random: Random, partner: Partner): Currency {
  switch (partner.address.country) {
    case 'CZ':
      return random.chance(0.8) ? 'CZK' : 'EUR';
    case 'HU':
      return random.chance(0.8) ? 'HUF' : 'EUR';
    case 'US':
      return 'USD';
    default:
      return 'EUR';
  }
}
