import type { Currency } from './money';
import type { Country } from './people';

/** Who sends a company its expenses: utilities and services every company has, plus suppliers of its trade. */
export interface SupplierSpec {
  name: string;
  country: Country;
  /** Journal descriptions (what the expense is booked as). */
  categories: readonly string[];
  /** EUR without VAT, per line. */
  range: readonly [number, number];
  vatRate: number;
  currency: Currency;
  /** Shops that hand out till receipts (document type 11) rather than invoices. */
  receipts?: boolean;
}

const s = (
  name: string,
  country: Country,
  categories: string[],
  range: [number, number],
  currency: Currency = 'EUR',
  receipts = false,
): SupplierSpec => ({ name, country, categories, range, vatRate: country === 'SK' ? 23 : 0, currency, receipts });

export const commonSuppliers: readonly SupplierSpec[] = [
  s('ZSE Energia, a.s.', 'SK', ['Elektrická energia'], [60, 900]),
  s('SPP, a.s.', 'SK', ['Zemný plyn'], [40, 700]),
  s('Slovak Telekom, a.s.', 'SK', ['Telekomunikačné služby', 'Internet'], [20, 120]),
  s('Orange Slovensko, a.s.', 'SK', ['Mobilné služby'], [15, 90]),
  s('Reality Centrum Žilina s.r.o.', 'SK', ['Nájomné', 'Služby spojené s nájmom'], [300, 1800]),
  s('Poisťovňa Tatry, a.s.', 'SK', ['Poistenie majetku'], [80, 600]),
  s('Horváth & syn, účtovníctvo s.r.o.', 'SK', ['Účtovné služby'], [150, 450]),
  s('Alza.cz a.s.', 'CZ', ['Výpočtová technika', 'Kancelárske potreby'], [20, 900], 'CZK'),
  s('Dropbox, Inc.', 'US', ['Softvér a licencie'], [10, 120], 'USD'),
  s('Duna Kereskedelmi Kft.', 'HU', ['Tovar na predaj', 'Obalový materiál'], [100, 1500], 'HUF'),
  s('Slovnaft, a.s.', 'SK', ['Pohonné hmoty'], [25, 110], 'EUR', true),
  s('METRO Cash & Carry SR s.r.o.', 'SK', ['Materiál', 'Čistiace prostriedky', 'Občerstvenie'], [10, 300], 'EUR', true),
  s('Papiernictvo Ďurica', 'SK', ['Kancelárske potreby'], [3, 60], 'EUR', true),
];

export const themeSuppliers: Readonly<Record<string, readonly SupplierSpec[]>> = {
  bakery: [
    s('Mlyny Pohronie s.r.o.', 'SK', ['Múka', 'Suroviny'], [200, 2500]),
    s('Mliekareň Liptov a.s.', 'SK', ['Mliečne suroviny'], [150, 1200]),
    s('Obaly Záhorie s.r.o.', 'SK', ['Obalový materiál'], [50, 600]),
  ],
  garden: [
    s('Semená Slovakia s.r.o.', 'SK', ['Osivo', 'Sadenice'], [100, 1800]),
    s('Agro Záhorie s.r.o.', 'SK', ['Substráty a hnojivá'], [80, 1400]),
    s('Moravská Zahrada s.r.o.', 'CZ', ['Rastliny na predaj'], [300, 2500], 'CZK'),
  ],
  carpentry: [
    s('Drevoplus s.r.o.', 'SK', ['Drevo a dosky'], [300, 4000]),
    s('Kovanie Trenčín s.r.o.', 'SK', ['Kovanie a spojovací materiál'], [40, 700]),
    s('Hobby Market Nitra s.r.o.', 'SK', ['Materiál', 'Náradie'], [10, 250], 'EUR', true),
  ],
  accounting: [
    s('Softvér Žilina s.r.o.', 'SK', ['Softvér a licencie'], [30, 400]),
    s('Kancelária Plus s.r.o.', 'SK', ['Kancelárske potreby'], [20, 300]),
  ],
  cleaning: [
    s('Čistiace prostriedky Hriňová s.r.o.', 'SK', ['Chémia na čistenie', 'Čistiace prostriedky'], [80, 1200]),
    s('Textil Servis Martin s.r.o.', 'SK', ['Servis strojov'], [60, 900]),
  ],
};

/** Internal documents (type 13) book costs that have no supplier. */
export const internalCategories: readonly string[] = [
  'Odpisy majetku',
  'Cestovné náhrady',
  'Stravné',
  'Inventúrny rozdiel',
];

/** The group each journal description is tagged with. */
export function journalTag(category: string): string {
  if (/energ|plyn|nájom|telekom|internet|mobil|poisten/i.test(category)) return 'réžia';
  if (/tovar|múka|surovin|mlieč|osivo|rastlin|drevo|substr|kovanie|materiál|obal|chém|čist/i.test(category))
    return 'materiál';
  if (/softvér|výpočt|kancel|účtov|servis/i.test(category)) return 'služby';
  return 'ostatné';
}
