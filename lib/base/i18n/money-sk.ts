import type { Widened } from './documents-sk';

/** Slovak texts of the payments and accounts pages (the shape every language follows). */

export const sk = {
  tab: 'Platby',
  title: 'Platby',
  loading: 'Načítavajú sa platby…',
  /** What GET /api/payments gives, said on the page. */
  onlyWithAccount:
    'Fakturácia vydáva len platby zaevidované s účtom (bankovým účtom alebo pokladňou). Úhrady zapísané iba priamo pri doklade tu nie sú.',
  toAccounts: 'Účty a ich platby →',
  caption: 'Platby',
  /** "3 platby", "5 platieb". */
  payments: { one: 'platba', few: 'platby', many: 'platby', other: 'platieb' },
  columns: {
    date: 'Dátum',
    amount: 'Suma',
    account: 'Účet',
    partner: 'Partner',
    variableSymbol: 'Variabilný symbol',
    reference: 'Referencia',
    documents: 'Uhradené doklady',
  },
  filters: {
    PaymentDateFrom: 'Dátum platby od',
    PaymentDateTo: 'Dátum platby do',
    AccountId: 'Účet',
  },
  search: 'Partner, variabilný symbol, referencia, IBAN, suma…',
  none: 'Firma zatiaľ nemá žiadne platby zaevidované s účtom.',
  noneMatch: 'Týmto filtrom nezodpovedá žiadna platba.',
  noneFound: 'Hľadanému „{q}“ nezodpovedá žiadna platba.',
  totals: {
    label: 'Súčty tohto zobrazenia',
    sums: 'Spolu',
    noCurrency: 'bez meny',
  },
  unknownAccount: 'Účet č. {id}',
  noAccount: 'Bez účtu',
  /** The payments' copy, above the list (the service's list is read only into the company's copy). */
  freshness: {
    label: 'Aktuálnosť platieb',
    preparing:
      'Platby firmy kopírujeme z Fakturácie: doteraz načítaných {count}. Zoznam sa zobrazí, keď budú načítané všetky.',
    paused:
      'Platby sa nedajú načítať: firma nemá aktivovaný Balík API (Fakturácia odpovedala „vyžaduje platbu“). Správca firmy ho môže aktivovať v nastaveniach predplatného vo Fakturácii.',
  },
  /** The service refuses the payments' list (its answer in words, as the lists say it). */
  refused: {
    'not-found':
      'Fakturácia zoznam platieb tejto firmy doplnku nevydáva (odpovedala „nenájdené“), preto ich tu nemôžeme ukázať.',
    forbidden:
      'Fakturácia doplnku nepovoľuje čítať platby tejto firmy (odpovedala „zakázané“), preto ich tu nemôžeme ukázať. Oprávnenia nastavuje správca firmy vo Fakturácii.',
  },
  off: 'Platby sa zobrazujú z kópie údajov firmy v doplnku a tá sa pre tento doplnok nevedie (synchronizácia je vypnutá).',
  export: {
    hint: 'Všetky platby zodpovedajúce filtrom a hľadaniu, v poradí zoznamu.',
    /** The file name's first word (the plain-ASCII copy drops the diacritics). */
    fileName: 'platby',
    sheet: 'Platby',
    columns: {
      date: 'Dátum platby',
      amount: 'Suma',
      currency: 'Mena',
      account: 'Účet',
      accountIban: 'IBAN účtu',
      partner: 'Partner',
      iban: 'IBAN partnera',
      variableSymbol: 'Variabilný symbol',
      reference: 'Referencia',
      documents: 'Uhradené doklady',
      externalId: 'Externé ID',
    },
    /** The rows at the file's end; {count} is "3 platby". */
    totals: {
      all: 'Spolu: {count}',
      currency: 'Spolu v {currency}: {count}',
      noCurrency: 'Spolu bez uvedenej meny: {count}',
    },
  },
  accounts: {
    title: 'Účty',
    intro:
      'Bankové účty a pokladne firmy, ako ich vydáva Fakturácia, s počtom a súčtom ich platieb za zvolené obdobie. Súčty sú z kópie platieb firmy v doplnku, v mene platieb.',
    backToPayments: '← Platby',
    period: 'Obdobie',
    from: 'Od',
    to: 'Do',
    show: 'Zobraziť',
    thisMonth: 'Tento mesiac',
    previousMonth: '← Predchádzajúci mesiac',
    nextMonth: 'Nasledujúci mesiac →',
    invalid: 'Obdobie má neplatnú hodnotu: {fields}. Nič sa nenačítalo.',
    invalidHint: 'Dátumy zadajte ako rrrr-mm-dd; začiatok obdobia nesmie byť po jeho konci.',
    caption: 'Účty a ich platby od {from} do {to}',
    columns: {
      name: 'Účet',
      kind: 'Druh',
      iban: 'IBAN',
      currency: 'Mena účtu',
      count: 'Počet platieb',
      sum: 'Súčet platieb',
    },
    kinds: { bank: 'Bankový účet', cash: 'Pokladňa', unknown: 'Neuvedený' },
    showPayments: 'Platby účtu {name} v tomto období',
    noPayments: 'Žiadne',
    none: 'Fakturácia pre túto firmu neuvádza žiadne účty.',
    notMirrored:
      'Zoznam účtov zatiaľ nemáme: načíta sa z Fakturácie pri najbližšej aktualizácii kópie (alebo ho Fakturácia doplnku nevydáva).',
    unlisted: 'Platby s účtom, ktorý zoznam účtov neuvádza',
    all: 'Všetky účty spolu',
    sumsPreparing: 'Súčty platieb budú, keď sa skopírujú všetky platby firmy (doteraz načítaných {count}).',
  },
  /** The overview's card (the lead's: receivedThisMonth). */
  overview: {
    sectionLabel: 'Peniaze a sklad',
    receivedThisMonth: 'Prijaté tento mesiac',
    receivedNote: 'Platby zaevidované s účtom, s dátumom v tomto mesiaci.',
    nothingReceived: 'Tento mesiac zatiaľ žiadna platba.',
  },
};

export type MoneyTexts = Widened<typeof sk>;
