/**
 * What each fixture company sells, so that a bakery's invoices list bread and a dry cleaner's list coats. Companies
 * the directory does not know get a theme chosen by their seed.
 */
export interface ProductTemplate {
  name: string;
  unit: string;
  /** EUR without VAT. */
  price: number;
  vatRate: number;
  /** Stock goods carry an item code and a warehouse; services carry neither. */
  stock: boolean;
}

export interface Theme {
  key: string;
  itemPrefix: string;
  products: readonly ProductTemplate[];
  /** Variants that multiply the stock goods into a catalog of realistic size: [suffix, price factor]. */
  variants: readonly (readonly [string, number])[];
  warehouses: readonly (readonly [string, string])[];
  /** Typical quantity range on one invoice line. */
  quantity: readonly [number, number];
  tags: readonly string[];
}

const p = (name: string, unit: string, price: number, vatRate: number, stock = true): ProductTemplate => ({
  name,
  unit,
  price,
  vatRate,
  stock,
});

/** A theme as written below: its key is the entry's name, and every stock product is also sold as it is. */
interface ThemeSpec extends Omit<Theme, 'key' | 'variants' | 'warehouses'> {
  /** The variants beyond the product itself: suffix → price factor. */
  variants: Readonly<Record<string, number>>;
  /** Code → name; the first is the main warehouse. */
  warehouses: Readonly<Record<string, string>>;
}

// Object.entries keeps the written order here: no suffix or warehouse code looks like an array index.
const theme = (key: string, spec: ThemeSpec): Theme => ({
  key,
  itemPrefix: spec.itemPrefix,
  products: spec.products,
  variants: [['', 1], ...Object.entries(spec.variants)],
  warehouses: Object.entries(spec.warehouses),
  quantity: spec.quantity,
  tags: spec.tags,
});

const specs: Readonly<Record<string, ThemeSpec>> = {
  bakery: {
    itemPrefix: 'PEK',
    products: [
      p('Chlieb konzumný 1 kg', 'ks', 1.89, 5),
      p('Rožok biely 40 g', 'ks', 0.12, 5),
      p('Croissant maslový', 'ks', 0.79, 19),
      p('Koláč tvarohový', 'ks', 0.95, 19),
      p('Bageta celozrnná', 'ks', 1.15, 5),
      p('Štrúdľa jablková', 'ks', 1.45, 19),
      p('Vianočka s hrozienkami', 'ks', 2.9, 19),
      p('Torta Sacher', 'ks', 18.5, 19),
      p('Pagáče oškvarkové', 'kg', 9.8, 19),
      p('Donut čokoládový', 'ks', 0.89, 19),
      p('Múka hladká 1 kg', 'ks', 0.85, 5),
      p('Rozvoz tovaru', 'km', 0.6, 23, false),
    ],
    variants: {
      ' – balenie 6 ks': 5.6,
      ' – balenie 12 ks': 10.8,
      ' – mrazený tovar': 0.9,
      ' – bez laktózy': 1.25,
      ' – mini veľkosť': 0.6,
    },
    warehouses: { HL: 'Hlavný sklad', PRED: 'Predajňa Hlavná', EXP: 'Expedícia' },
    quantity: [5, 120],
    tags: ['veľkoobchod', 'stály zákazník', 'e-shop', 'akcia'],
  },
  garden: {
    itemPrefix: 'ZAH',
    products: [
      p('Muškát previsnutý', 'ks', 3.2, 23),
      p('Tuja Smaragd 80–100 cm', 'ks', 12.9, 23),
      p('Zemina záhradná 50 l', 'ks', 4.5, 23),
      p('Hnojivo univerzálne 1 kg', 'ks', 5.9, 23),
      p('Levanduľa lekárska', 'ks', 3.8, 23),
      p('Ruža kríková', 'ks', 7.5, 23),
      p('Trávové semeno 1 kg', 'ks', 8.9, 23),
      p('Kôra mulčovacia 70 l', 'ks', 6.4, 23),
      p('Kvetináč keramický Ø 30 cm', 'ks', 14.9, 23),
      p('Výsadba zelene', 'hod', 22, 23, false),
      p('Kosenie trávnika', 'm2', 0.12, 23, false),
    ],
    variants: { ' – malý': 0.6, ' – veľký': 1.8, ' – paleta': 30, ' (bio)': 1.3 },
    warehouses: { HL: 'Hlavný sklad', SKL: 'Skleník', VON: 'Vonkajšia plocha' },
    quantity: [1, 40],
    tags: ['záhradná architektúra', 'stály zákazník', 'e-shop', 'sezóna'],
  },
  carpentry: {
    itemPrefix: 'STO',
    products: [
      p('Stôl jedálenský dub', 'ks', 640, 23),
      p('Stolička buk', 'ks', 95, 23),
      p('Skriňa vstavaná', 'bm', 420, 23),
      p('Parapetná doska smrek', 'bm', 38, 23),
      p('Dvere interiérové dýhované', 'ks', 289, 23),
      p('Polica stenová', 'ks', 49, 23),
      p('Doska DTD 18 mm', 'm2', 14.5, 23),
      p('Kuchynská linka na mieru', 'bm', 780, 23),
      p('Montáž nábytku', 'hod', 28, 23, false),
      p('Doprava', 'km', 0.75, 23, false),
      p('Lakovanie', 'm2', 18, 23, false),
    ],
    variants: { ' – orech': 1.3, ' – jaseň': 1.15, ' – biela': 0.95, ' – antracit': 1.05 },
    warehouses: { HL: 'Sklad materiálu', DIEL: 'Dielňa' },
    quantity: [1, 8],
    tags: ['zákazková výroba', 'montáž', 'stály zákazník'],
  },
  accounting: {
    itemPrefix: 'UCT',
    products: [
      p('Vedenie podvojného účtovníctva', 'mes.', 180, 23, false),
      p('Spracovanie miezd', 'zam.', 12, 23, false),
      p('Daňové priznanie DPPO', 'ks', 250, 23, false),
      p('Daňové poradenstvo', 'hod', 55, 23, false),
      p('Spracovanie DPH', 'mes.', 45, 23, false),
      p('Účtovná závierka', 'ks', 390, 23, false),
      p('Šanón A4 8 cm', 'ks', 2.4, 23),
      p('Papier A4 500 listov', 'bal', 4.9, 23),
      p('Tlačivo Pokladničný doklad', 'blok', 1.6, 23),
      p('Obálky C5 50 ks', 'bal', 3.1, 23),
      p('Toner do tlačiarne', 'ks', 49, 23),
    ],
    variants: {
      ' – modrá farba': 1,
      ' – červená farba': 1,
      ' – recyklovaný materiál': 0.9,
      ' – balenie 10 ks': 9.2,
      ' – zelená farba': 1,
    },
    warehouses: { HL: 'Kancelária' },
    quantity: [1, 12],
    tags: ['mesačný paušál', 'stály klient', 'jednorazová služba'],
  },
  cleaning: {
    itemPrefix: 'CIS',
    products: [
      p('Čistenie saka', 'ks', 6.5, 23, false),
      p('Čistenie nohavíc', 'ks', 4.9, 23, false),
      p('Čistenie kabáta', 'ks', 11.9, 23, false),
      p('Pranie a žehlenie košele', 'ks', 2.8, 23, false),
      p('Čistenie periny', 'ks', 14, 23, false),
      p('Čistenie koberca', 'm2', 5.5, 23, false),
      p('Vešiak drevený', 'ks', 1.9, 23),
      p('Odstraňovač škvŕn 250 ml', 'ks', 5.4, 23),
      p('Obal na oblek', 'ks', 3.5, 23),
      p('Impregnácia textílií 400 ml', 'ks', 8.9, 23),
    ],
    variants: { ' – balenie 5 ks': 4.5, ' – balenie 20 ks': 16, ' – prémiová kvalita': 1.6, ' – eko verzia': 1.2 },
    warehouses: { HL: 'Prevádzka Žilina', POB: 'Pobočka Martin' },
    quantity: [1, 15],
    tags: ['hotelový klient', 'expresná služba', 'stály zákazník', 'firemný paušál'],
  },
};

export const themes: Readonly<Record<string, Theme>> = Object.fromEntries(
  Object.entries(specs).map(([key, spec]) => [key, theme(key, spec)]),
);

const byTenant: Readonly<Record<string, string>> = {
  '10001': 'bakery',
  '10002': 'garden',
  '10003': 'carpentry',
  '10004': 'accounting',
  '20001': 'cleaning',
};

export function themeFor(tenantId: string, seedPick: (keys: readonly string[]) => string): Theme {
  const key = byTenant[tenantId] ?? seedPick(Object.keys(themes));
  return themes[key] ?? (themes.bakery as Theme);
}
