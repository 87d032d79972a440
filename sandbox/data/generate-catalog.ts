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

/** Stock cards: each stock product of the theme in each of its variants. */
export function generateCatalog(
  random: Random,
  theme: Theme,
  warehouses: readonly Warehouse[],
  today: Day,
): CatalogItem[] {
  const items: CatalogItem[] = [];
  let number = 0;
  for (const [suffix, factor] of theme.variants) {
    for (const product of theme.products) {
      if (!product.stock) continue;
      number += 1;
      const stocked = warehouses.filter((w, i) => i === 0 || random.chance(0.5));
      items.push({
        itemCode: `${theme.itemPrefix}${String(number).padStart(4, '0')}`,
        name: `${product.name}${suffix}`,
        unit: product.unit,
        price: round2(product.price * factor),
        vatRate: product.vatRate,
        warehouses: stocked.map((w) => ({
          code: w.code,
          // A few cards run out or go below zero, as stock does when sales are entered before receipts.
          quantityOnHand: random.weighted([
            [random.int(1, 400), 85],
            [0, 12],
            [-random.int(1, 5), 3],
          ]),
        })),
        lastModifiedTimestamp: recordTimestamp((today - random.int(1, 240)) * DAY_MS + workingTime(random)),
        markedForEshop: random.chance(0.4),
      });
    }
  }
  return items;
}
