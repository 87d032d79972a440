import type { Widened } from './documents-sk';

/**
 * Slovak texts of the invoice import (issue 21): its form under Faktúry, the refused upload's page, the import's page
 * (summary, each invoice with its partner, items and totals, the overwrite confirmation, results, progress) and the
 * send form's outcomes. The words of the sheet's own problems and refusals are lib/base/i18n/invoice-sheet*.ts. The
 * shape every language follows.
 */
export const sk = {
  linkFromInvoices: 'Importovať faktúry zo súboru',
  form: {
    title: 'Import faktúr zo súboru',
    intro:
      'Nahrajte tabuľku faktúr (CSV alebo XLSX) podľa šablóny: jeden riadok je jedna položka, riadky s rovnakým číslom dokladu tvoria jednu faktúru. Doplnok súbor prečíta, skontroluje každý riadok a ukáže vám, čo vytvorí; do Fakturácie sa nič neodošle, kým to na ďalšej stránke nepotvrdíte.',
    formats:
      'Formáty: CSV (oddeľovač a kódovanie sa rozpoznajú, aj Windows-1250 z Excelu; desatinná čiarka aj bodka) a XLSX. Najviac 10 MB alebo 20 000 riadkov.',
    file: 'Súbor s faktúrami',
    submit: 'Načítať faktúry',
    keptNot: 'Súbor sa prečíta hneď a neuchováva sa: s importom sa uloží len jeho názov a odtlačok.',
    templates: 'Šablóna',
    templateCsv: 'šablóna CSV',
    templateXlsx: 'šablóna XLSX (s popisom stĺpcov)',
    templateHint:
      'Hlavičky sú názvy polí Fakturácie (documentNumber, partner.businessName, item.name, …); prijímame aj slovenské názvy stĺpcov. Prázdne číslo dokladu znamená, že faktúru očísluje číselný rad; riadky jednej faktúry potom spája stĺpec rowGroup.',
    toImports: 'Predchádzajúce importy →',
    back: '← Faktúry',
  },
  refused: {
    titles: {
      unread: 'Súbor s faktúrami sa nepodarilo prečítať',
      noFile: 'Nevybrali ste súbor',
      tooSlow: 'Nahrávanie trvalo príliš dlho',
      busy: 'Doplnok je práve zaneprázdnený',
    },
    nothingStored: 'Nič sa neuložilo. Opravte súbor a nahrajte ho znova.',
    back: 'Späť na formulár importu',
    noFile: 'Vyberte súbor s faktúrami (CSV alebo XLSX).',
    tooSlow: 'Súbor sa nahrával príliš dlho (najviac {seconds} s). Skúste to znova na rýchlejšom pripojení.',
    tooComplex:
      'Súbor sa nepodarilo prečítať v časovom a pamäťovom limite: je na tabuľku faktúr príliš zložitý. Uložte ho znova z Excelu alebo zo šablóny.',
    busy: 'Doplnok práve číta iné nahrané súbory. Skúste to znova o chvíľu.',
  },
  pageTitle: 'Import faktúr',
  title: 'Import faktúr {file}',
  back: 'Späť na faktúry',
  importsList: 'Všetky importy',
  header: {
    file: 'Súbor',
    by: 'Nahral',
    at: 'Nahrané',
    state: 'Stav importu',
  },
  importStates: {
    draft: 'Pripravený, nič sa ešte neodoslalo',
    sending: 'Odosiela sa do Fakturácie',
    done: 'Vytvorený vo Fakturácii',
    problems: 'S problémami',
  },
  summary: {
    label: 'Súhrn',
    toSend: 'Na odoslanie',
    sumNone: 'Nič na odoslanie.',
    exists: 'Už existujú vo Fakturácii (prepíšu sa len s vaším potvrdením): {count}',
    doneOrOverwritten: 'Vytvorená alebo prepísaná',
    overwritten: 'Prepísané faktúry, ktoré už vo Fakturácii boli: {count}',
    /** Once nothing is on its way: what was created (issue 31). */
    settled: {
      one: '{count} faktúra je vytvorená vo Fakturácii.',
      few: '{count} faktúry sú vytvorené vo Fakturácii.',
      many: '{count} faktúry sú vytvorené vo Fakturácii.',
      other: '{count} faktúr je vytvorených vo Fakturácii.',
    },
    /** The same, when some of them overwrote invoices of the same number. */
    settledOverwriting: {
      one: '{count} faktúra je vytvorená alebo prepísaná vo Fakturácii.',
      few: '{count} faktúry sú vytvorené alebo prepísané vo Fakturácii.',
      many: '{count} faktúry sú vytvorené alebo prepísané vo Fakturácii.',
      other: '{count} faktúr je vytvorených alebo prepísaných vo Fakturácii.',
    },
  },
  states: {
    ready: 'Pripravená',
    unmatched: 'Čaká',
    invalid: 'Chybná',
    excluded: 'Vynechaná',
    duplicate: 'Duplicitná',
    'probably-recorded': 'Pravdepodobne už zaznamenaná',
    queued: 'Čaká na odoslanie',
    sent: 'Odoslaná, čaká na potvrdenie',
    done: 'Vytvorená',
    problem: 'Problém',
  },
  stateHints: {
    ready: 'Vytvorí sa vo Fakturácii.',
    unmatched: 'Čaká.',
    invalid: 'Takto sa nedá odoslať: opravte riadky súboru a importujte ich znova.',
    excluded: 'Neodošle sa.',
    duplicate: 'Už ju odoslal iný import tejto firmy; druhýkrát sa nikdy neodošle.',
    'probably-recorded': 'Pravdepodobne už je vo firme zaznamenaná; odošle sa, len ak to potvrdíte.',
    queued: 'Čaká vo fronte na odoslanie.',
    sent: 'Fakturácia ju prijala; doplnok overuje, či ju vytvorila.',
    done: 'Fakturácia ju vytvorila.',
    problem: 'Fakturácia ju nevytvorila.',
  },
  columns: {
    invoice: 'Faktúra',
    partner: 'Odberateľ',
    items: 'Položky',
    totals: 'Spolu',
    state: 'Stav',
  },
  caption: 'Faktúry súboru',
  numbered: 'Číslo pridelí číselný rad {sequence}',
  numberedDefault: 'Číslo pridelí predvolený číselný rad',
  sequence: 'Číselný rad {sequence}',
  issued: 'Vystavená {date}',
  due: 'Splatná {date}',
  rows: 'Riadky súboru: {rows}',
  partner: {
    registrationId: 'IČO {value}',
    taxId: 'DIČ {value}',
    vatId: 'IČ DPH {value}',
    none: 'Bez odberateľa',
  },
  item: '{amount} {unit} × {name}',
  itemVat: 'DPH {rate} %',
  totals: {
    rate: 'DPH {rate} %',
    base: 'základ {amount}',
    vat: 'DPH {amount}',
    total: 'Spolu s DPH',
    exchangeRate: 'Kurz {rate} {currency} za 1 EUR',
    inEur: 'V EUR',
  },
  exists: {
    warning: 'Už existuje vo Fakturácii — prepíše sa',
    hint: 'Faktúra s týmto číslom v tomto číselnom rade už vo Fakturácii je. Odoslaním ju Fakturácia prepíše; odošle sa len vtedy, keď prepísanie potvrdíte.',
    link: 'Existujúca faktúra',
    now: 'Teraz:',
    after: 'Po prepísaní:',
    left: 'zostáva uhradiť {amount}',
  },
  overwritten: {
    state: 'Prepísaná',
    hint: 'Fakturácia ňou prepísala faktúru s rovnakým číslom.',
    link: 'Prepísaná faktúra {number}',
  },
  created: 'Vytvorená faktúra {number}',
  createdLink: 'Otvoriť faktúru {number}',
  partnerWarnings: 'Upozornenia k odberateľom',
  failed: {
    link: 'Stiahnuť chybné riadky (failed.csv)',
    hint: 'Riadky chybných a odmietnutých faktúr tak, ako sme ich prečítali, s posledným stĺpcom, ktorý hovorí prečo: opravte ich a importujte znova.',
  },
  problems: {
    'already-sent': 'Rovnakú faktúru už odoslal iný import tejto firmy (riadok {line}).',
    'repeated-in-file': 'Rovnaká faktúra je v súbore už skôr (faktúra {line}).',
    service: 'Fakturácia: {text}',
    'refused-by-service': 'Fakturácia dávku odmietla bez bližšieho dôvodu.',
    'refused-with-batch': 'Fakturácia odmietla dávku, v ktorej bola táto faktúra; nič z nej nevytvorila.',
    'invalid-payload': 'Faktúra nemá tvar, ktorý Fakturácia prijíma (polia: {fields}).',
    unknown: 'Problém: {code}',
  },
  stop: {
    title: 'Odosielanie sa zastavilo',
    disconnected:
      'Pripojenie k Fakturácii nie je aktívne: prístup doplnku k firme bol zrušený alebo obnovený. Pripojte firmu znova na jej prehľade a potom odošlite faktúry znova.',
    'payment-required':
      'Firma nemá aktivovaný Balík API. Správca firmy ho môže aktivovať v nastaveniach predplatného vo Fakturácii; potom odošlite faktúry znova.',
    forbidden:
      'Fakturácia doplnku vytváranie faktúr nepovolila: váš používateľ nemá oprávnenie. Oprávnenia nastavuje správca firmy.',
    waiting: 'Faktúr čakajúcich na odoslanie: {count}. Nič z nich sa nevytvorilo.',
    again: 'Odoslať znova',
  },
  progress: {
    sending: 'Odosiela sa: vytvorených {done} z {total}. Stránka sa sama obnovuje.',
    unconfirmed:
      'Fakturácia faktúry prijala, doplnok overuje, či ich vytvorila ({count}). Ak odpoveď trvá dlho, overuje ich znova; žiadna faktúra sa neodošle dvakrát.',
    refresh: 'Obnoviť',
  },
  actions: {
    send: {
      one: 'Odoslať {count} faktúru do Fakturácie',
      few: 'Odoslať {count} faktúry do Fakturácie',
      many: 'Odoslať {count} faktúry do Fakturácie',
      other: 'Odoslať {count} faktúr do Fakturácie',
    },
    sendHint: 'Odošlú sa faktúry v stave Pripravená, po 100 v jednej dávke.',
    overwrite: 'Prepísať aj faktúry, ktoré už vo Fakturácii existujú ({count})',
    overwriteHint: 'Bez tohto potvrdenia sa tieto faktúry neodošlú.',
  },
  outcomes: {
    queued: 'Faktúry sa odosielajú do Fakturácie.',
    unchanged: 'Nič sa neodoslalo: faktúry sa medzitým zmenili alebo už boli odoslané.',
    'overwrite-needed':
      'Faktúry, ktoré už vo Fakturácii existujú ({count}), sa neodoslali: ak ich chcete prepísať, zaškrtnite potvrdenie prepísania a odošlite ich znova.',
  },
  empty: 'V súbore nie je žiadna faktúra.',
  template: {
    fileCsv: 'sablona-faktur.csv',
    fileXlsx: 'sablona-faktur.xlsx',
    failedFile: 'chybne-riadky.csv',
  },
} as const;

export type InvoiceImportTexts = Widened<typeof sk>;
