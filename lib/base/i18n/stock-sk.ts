import type { Widened } from './documents-sk';

/** Slovak texts of the stock page and its minimums (the shape every language follows). */

export const sk = {
  tab: 'Sklad',
  title: 'Sklad',
  intro:
    'Skladové karty firmy z Fakturácie s množstvom na sklade v každom sklade a spolu. Minimálne množstvá si nastavujete tu v doplnku: Fakturácia ich nepozná.',
  /** "1 položka", "3 položky", "5 položiek". */
  items: { one: 'položka', few: 'položky', many: 'položky', other: 'položiek' },
  mirror: {
    label: 'Aktuálnosť skladu',
    preparing: 'Pripravujeme kópiu skladových kariet firmy: doteraz načítaných {count}.',
    preparingNote:
      'Sklad sa zobrazí, keď budú skopírované všetky karty. Fakturácia skladové karty nevyhľadáva ani netriedi, preto ich doplnok číta z vlastnej kópie.',
    ready: 'Skladové karty sú skopírované.',
    paused: 'Kópia skladových kariet je pozastavená: firma nemá aktivovaný Balík API.',
    off: 'Sklad sa zobrazuje z kópie údajov firmy v doplnku a tá je na tomto serveri vypnutá.',
    refusedTitle: 'Fakturácia skladové karty tejto firmy doplnku nevydáva',
    refused: {
      'not-found':
        'Na zoznam skladových kariet odpovedala „nenájdené“: firma zrejme nepoužíva sklad. Doplnok sa to pri každej aktualizácii pýta znova.',
      forbidden:
        'Na zoznam skladových kariet odpovedala „zakázané“: pripojenie doplnku alebo firma nemá prístup k skladu. Doplnok sa to pri každej aktualizácii pýta znova.',
    },
  },
  search: {
    placeholder: 'Kód, názov alebo EAN…',
  },
  filters: {
    legend: 'Filtre',
    warehouse: 'Sklad',
    allWarehouses: 'Všetky sklady spolu',
    below: 'Len položky pod minimom',
    apply: 'Použiť',
    clear: 'Zrušiť filtre',
    invalid: 'Skontrolujte: {fields}.',
    fields: {
      q: 'Hľadať',
      warehouse: 'Sklad',
      below: 'Pod minimom',
      Top: 'Počet na stranu',
      Skip: 'Strana',
    },
    unknownWarehouse: 'Sklad „{warehouse}“ firma nemá.',
  },
  totals: {
    label: 'Súhrn zobrazenia',
    below: 'pod minimom: {count}',
    showBelow: 'Zobraziť len položky pod minimom',
    showAll: 'Zobraziť všetky položky',
  },
  export: {
    hint: 'Všetky položky zodpovedajúce filtrom a hľadaniu, v poradí zoznamu.',
    fileName: 'sklad',
    back: 'Späť na sklad',
    sheet: 'Sklad',
    columns: {
      itemCode: 'Kód',
      name: 'Názov',
      ean: 'EAN',
      unit: 'MJ',
      quantity: 'Množstvo spolu',
      quantityIn: 'Množstvo: {warehouse}',
      minimum: 'Minimum',
      minimumIn: 'Minimum: {warehouse}',
      otherMinimums: 'Minimá v skladoch',
      below: 'Pod minimom',
    },
    yes: 'áno',
    total: 'Spolu: {count}',
  },
  table: {
    caption: 'Skladové karty',
    itemCode: 'Kód',
    name: 'Názov',
    quantity: 'Spolu',
    quantityIn: 'Na sklade {warehouse}',
    unit: 'MJ',
    minimum: 'Minimum',
    ean: 'EAN {ean}',
    noName: 'bez názvu',
    belowMark: 'Pod minimom',
    belowMarkTitle: 'Množstvo je pod nastaveným minimom',
  },
  minimum: {
    allWarehouses: 'Všetky sklady',
    entry: '{warehouse}: {minimum}',
    entryBelow: '{warehouse}: {minimum} (pod minimom)',
    none: 'Bez minima',
    remove: 'Odstrániť',
    removeLabel: 'Odstrániť minimum položky {item} ({warehouse})',
    set: 'Nastaviť minimum',
    setLabel: 'Nastaviť minimum položky {item}',
    warehouse: 'Sklad',
    value: 'Minimum',
    hint: 'Číslo od 0, najviac 4 desatinné miesta. Prázdne pole minimum odstráni.',
    save: 'Uložiť',
    saved: 'Minimum položky {item} ({warehouse}) je uložené.',
    removed: 'Minimum položky {item} ({warehouse}) je odstránené.',
    errors: {
      'item-missing': 'Minimum nebolo uložené: chýba položka.',
      'minimum-invalid':
        'Minimum nebolo uložené: zadajte číslo od 0 s najviac 4 desatinnými miestami (napríklad 12 alebo 2,5), alebo pole nechajte prázdne.',
      'item-unknown': 'Minimum nebolo uložené: položku „{item}“ firma vo Fakturácii nemá.',
      'warehouse-unknown': 'Minimum nebolo uložené: sklad „{warehouse}“ firma vo Fakturácii nemá.',
    },
  },
  empty: {
    none: 'Firma zatiaľ nemá žiadne skladové karty.',
    match: 'Týmto filtrom nezodpovedá žiadna položka.',
    below: 'Žiadna položka nie je pod svojím minimom.',
  },
  overview: {
    title: 'Položky pod minimom',
    count: 'Položky pod svojím minimom: {count}',
    none: 'Žiadna položka nie je pod svojím minimom.',
    link: 'Zobraziť v sklade',
  },
};

export type StockTexts = Widened<typeof sk>;
