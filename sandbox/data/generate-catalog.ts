import { type Day, DAY_MS, recordTimestamp } from './calendar';
import { round2 } from './money';
import type { Random } from './random';
import type { Theme } from './themes';
import type { CatalogItem, Warehouse } from './types';

export function generateWarehouses(random: Random, theme: Theme): Warehouse[] {
  let id = random.int(3, 40);
  return theme.warehouses.map(([code, name]) => ({ id: (id += random.int(1, 3)), code, name }));
}

/** A random time of day within working hours, in milliseconds after midnight. */
export function workingTime(random: Random): number {
  return random.int(7 * 3_600_000, 18 * 3_600_000) + random.int(0, 99) * 10;
}

/** The check digit of GS1 codes (EAN-13 from its first 12 digits): weights 1 and 3 from the left. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** Units counted in fractions (weighed, measured): their stock is rarely a whole number. */
const DIVISIBLE_UNITS = new Set(['kg', 'm2', 'bm', 'l', 'm']);

/** A card's quantity in one warehouse: mostly in stock, some run out, a few below zero (sales entered before receipts). */
function quantityOnHand(random: Random): number {
  return random.weighted([
    [random.int(1, 400), 85],
    [0, 12],
    [-random.int(1, 5), 3],
  ]);
}

/** Brands and product lines that multiply a theme's goods into a large catalog (a wholesaler's range). */
const BRANDS = [
  'Tatran',
  'Javor',
  'Dunaj',
  'Kriváň',
  'Orava',
  'Hron',
  'Zlatý klas',
  'Lipa',
  'Poľana',
  'Sitno',
  'Rysy',
  'Morava',
  'Slatina',
  'Breza',
  'Jaspis',
  'Karpaty',
  'Malina',
  'Topoľ',
  'Gerlach',
  'Vlára',
] as const;
const LINES = ['Classic', 'Profi', 'Eko', 'Premium', 'Basic', 'Plus', 'Max', 'Mini', 'Duo', 'Family'] as const;

interface StockGood {
  name: string;
  unit: string;
  price: number;
  vatRate: number;
}

/** Each stock product of the theme in each of its variants, in the catalog's order. */
function stockGoods(theme: Theme): StockGood[] {
  return theme.variants.flatMap(([suffix, factor]) =>
    theme.products
      .filter((product) => product.stock)
      .map((product) => ({
        name: `${product.name}${suffix}`,
        unit: product.unit,
        price: product.price * factor,
        vatRate: product.vatRate,
      })),
  );
}

const itemCodeOf = (theme: Theme, number: number) => `${theme.itemPrefix}${String(number).padStart(4, '0')}`;

/**
 * Cards beyond the theme's own (a catalog volume larger than the usual one): each good again under a brand and a
 * product line (then a second and third round of them), priced around the good, stocked in some of the warehouses.
 */
function moreCards(
  random: Random,
  theme: Theme,
  warehouses: readonly Warehouse[],
  today: Day,
  from: number,
  count: number,
): CatalogItem[] {
  const goods = stockGoods(theme);
  const items: CatalogItem[] = [];
  for (let k = 0; k < count; k += 1) {
    const good = goods[k % goods.length] as StockGood;
    const combination = Math.floor(k / goods.length);
    const brand = BRANDS[combination % BRANDS.length];
    const line = LINES[Math.floor(combination / BRANDS.length) % LINES.length];
    const round = Math.floor(combination / (BRANDS.length * LINES.length));
    let stocked = warehouses.filter(() => random.chance(0.6));
    if (stocked.length === 0 && warehouses.length > 0) stocked = [random.pick(warehouses)];
    items.push({
      itemCode: itemCodeOf(theme, from + k),
      name: `${good.name}, ${brand} ${line}${round > 0 ? ` ${round + 1}` : ''}`,
      unit: good.unit,
      eanCode: null,
      price: round2(good.price * (0.7 + random.int(0, 80) / 100)),
      vatRate: good.vatRate,
      warehouses: stocked.map((w) => ({ code: w.code, quantityOnHand: quantityOnHand(random) })),
      lastModifiedTimestamp: recordTimestamp((today - random.int(1, 400)) * DAY_MS + workingTime(random)),
      markedForEshop: random.chance(0.3),
    });
  }
  return items;
}

/**
 * Bar codes and fractional stock, drawn from streams of their own so the cards' other fields stay as they were: most
 * cards carry a valid EAN-13 (858, the Slovak GS1 prefix, the company's number and the card's), some none; cards
 * counted in kg, m2, bm or l hold fractions (to hundredths).
 */
function finishCards(items: CatalogItem[], eans: Random, fractions: Random): void {
  const company = eans.digits(4);
  items.forEach((item, index) => {
    item.eanCode = eans.chance(0.88) ? ean13(`858${company}${String(index + 1).padStart(5, '0')}`) : null;
    if (!DIVISIBLE_UNITS.has(item.unit)) return;
    for (const stock of item.warehouses) {
      if (stock.quantityOnHand === 0) continue;
      const fraction = fractions.int(1, 99) / 100;
      stock.quantityOnHand = round2(stock.quantityOnHand + (stock.quantityOnHand < 0 ? -fraction : fraction));
    }
  });
}

export interface CatalogStreams {
  /** The theme's own cards (quantities, stamps, e-shop marks). */
  cards: Random;
  /** The cards beyond them, when a volume asks for more. */
  more: Random;
  eans: Random;
  fractions: Random;
}

/** Beyond this item numbers no longer fit the EAN's five digits for the card. */
export const MAX_CATALOG_ITEMS = 50_000;

/**
 * Stock cards: each stock product of the theme in each of its variants (a few dozen), or `count` cards when a volume
 * asks for another size: the first `count` of those, or those and more (moreCards).
 */
export function generateCatalog(
  streams: CatalogStreams,
  theme: Theme,
  warehouses: readonly Warehouse[],
  today: Day,
  count?: number,
): CatalogItem[] {
  const random = streams.cards;
  const items: CatalogItem[] = [];
  let number = 0;
  for (const good of stockGoods(theme)) {
    number += 1;
    const stocked = warehouses.filter((w, i) => i === 0 || random.chance(0.5));
    items.push({
      itemCode: itemCodeOf(theme, number),
      name: good.name,
      unit: good.unit,
      eanCode: null,
      price: round2(good.price),
      vatRate: good.vatRate,
      warehouses: stocked.map((w) => ({ code: w.code, quantityOnHand: quantityOnHand(random) })),
      lastModifiedTimestamp: recordTimestamp((today - random.int(1, 240)) * DAY_MS + workingTime(random)),
      markedForEshop: random.chance(0.4),
    });
  }
  if (count !== undefined && count > MAX_CATALOG_ITEMS) throw new Error(`at most ${MAX_CATALOG_ITEMS} catalog items`);
  const catalog =
    count === undefined || count <= items.length
      ? items.slice(0, count)
      : [...items, ...moreCards(streams.more, theme, warehouses, today, items.length + 1, count - items.length)];
  finishCards(catalog, streams.eans, streams.fractions);
  return catalog;
}
