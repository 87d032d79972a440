import type { Widened } from './documents-sk';

/**
 * Slovak texts of an import's page (issue 20): its lines' states, the problems of a line (our codes and the service's
 * own messages), the pairing's reasons, why sending stopped, and the page's controls. The shape every language follows.
 */
export const sk = {
  pageTitle: 'Import výpisu',
  title: 'Import výpisu {file}',
  back: 'Späť na platby',
  importsList: 'Všetky importy',
  header: {
    file: 'Súbor',
    by: 'Nahral',
    at: 'Nahrané',
    account: 'Účet',
    statementAccount: 'Účet vo výpise',
    statementOwner: 'Majiteľ účtu vo výpise',
    state: 'Stav importu',
  },
  importStates: {
    draft: 'Pripravený, nič sa ešte neodoslalo',
    sending: 'Odosiela sa do Fakturácie',
    done: 'Zaznamenaný vo Fakturácii',
    problems: 'S problémami',
  },
  summary: {
    label: 'Súhrn',
    toRecord: 'Na zaznamenanie',
    /** "3 platby spolu 1 250,00 €" */
    sumNone: 'Nič na zaznamenanie.',
    /** Once nothing is on its way: what was recorded (issue 31). */
    settled: {
      one: '{count} platba je zaznamenaná vo Fakturácii.',
      few: '{count} platby sú zaznamenané vo Fakturácii.',
      many: '{count} platby sú zaznamenané vo Fakturácii.',
      other: '{count} platieb je zaznamenaných vo Fakturácii.',
    },
  },
  /**
   * A duplicate's line of another import, in place of its pairing (issue 31): `<i>` links that import, `<l>` its
   * line, `<d>` the invoice; `{when}` is the import's time (its day too when not today).
   */
  recordedBy: {
    done: 'Zaznamenal ju <i>import z {when}</i>, <l>riadok {line}</l>, uhradila <d>{invoice}</d>.',
    doneNoInvoice: 'Zaznamenal ju <i>import z {when}</i>, <l>riadok {line}</l>, bez faktúry.',
    sending: 'Zaznamenáva ju <i>import z {when}</i>, <l>riadok {line}</l>, uhradí <d>{invoice}</d>.',
    sendingNoInvoice: 'Zaznamenáva ju <i>import z {when}</i>, <l>riadok {line}</l>.',
    problem: 'Odoslal ju <i>import z {when}</i>, <l>riadok {line}</l>; Fakturácia ju nezaznamenala.',
  },
  /** Each line state as a count's label and as a line's state. */
  states: {
    ready: 'Pripravená',
    unmatched: 'Bez faktúry',
    invalid: 'Chybná',
    excluded: 'Vynechaná',
    duplicate: 'Duplicitná',
    'probably-recorded': 'Pravdepodobne už zaznamenaná',
    queued: 'Čaká na odoslanie',
    sent: 'Odoslaná, čaká na potvrdenie',
    done: 'Zaznamenaná',
    problem: 'Problém',
  },
  /** What each state means, for the summary's hints and the line. */
  stateHints: {
    ready: 'Zaznamená sa vo Fakturácii a uhradí uvedenú faktúru.',
    unmatched: 'Nenašla sa faktúra. Spárujte ju ručne, potvrďte návrh alebo ju vynechajte.',
    invalid: 'Takto sa nedá odoslať.',
    excluded: 'Neodošle sa.',
    duplicate: 'Už bola odoslaná iným importom tejto firmy; druhýkrát sa nikdy neodošle.',
    'probably-recorded':
      'Platba s rovnakým dátumom, sumou, variabilným symbolom a platiteľom už je vo firme zaznamenaná alebo odoslaná iným importom. Neodošle sa s ostatnými; odošlete ju, len ak potvrdíte, že ide o inú platbu.',
    queued: 'Čaká vo fronte na odoslanie.',
    sent: 'Fakturácia ju prijala; doplnok overuje, či ju zaznamenala.',
    done: 'Fakturácia ju zaznamenala.',
    problem: 'Fakturácia ju nezaznamenala.',
  },
  columns: {
    date: 'Dátum',
    amount: 'Suma',
    counterparty: 'Platiteľ',
    variableSymbol: 'VS',
    reference: 'Správa / referencia',
    invoice: 'Faktúra',
    state: 'Stav',
    actions: 'Akcie',
  },
  caption: 'Riadky výpisu',
  sentWithSymbol: 'Odošle sa s VS {symbol}',
  noInvoice: 'Bez faktúry',
  document: 'Doklad {number}',
  /** A pairing's reason in words (lib/features/imports/pairing.ts PairingReason, and the amount's match). */
  reasons: {
    outgoing: 'Odchádzajúca platba: táto verzia zaznamenáva len prijaté platby.',
    'excluded-by-user': 'Vynechali ste ju.',
    'no-symbol': 'Platba nemá variabilný symbol.',
    'unknown-symbol': 'Žiadna neuhradená faktúra nemá tento variabilný symbol.',
    'paid-by-earlier-line': 'Faktúry s týmto symbolom uhradia už skoršie riadky výpisu.',
    'symbol-from-message': 'Variabilný symbol sme prečítali zo správy platiteľa.',
    'shared-symbol':
      'Tento variabilný symbol má viac neuhradených dokladov: ktorý z nich sa uhradí, rozhodne pravidlo Fakturácie.',
    'currency-differs': 'Faktúra je v inej mene ako platba: sumy sa neporovnávajú.',
    'paired-by-hand': 'Spárovaná ručne.',
    'service-pairs-another':
      'Pozor: s týmto variabilným symbolom Fakturácia podľa svojho pravidla uhradí inú otvorenú faktúru.',
    'invoice-without-symbol': 'Pozor: faktúra nemá variabilný symbol, platba sa zaznamená na účet bez úhrady faktúry.',
    'invoice-not-open': 'Pozor: faktúra je už uhradená.',
    exact: 'Uhrádza celú zostávajúcu sumu.',
    partial: 'Čiastočná úhrada: platba je menšia, ako zostáva uhradiť.',
    over: 'Preplatok: platba je väčšia, ako zostáva uhradiť.',
  },
  suggestion: {
    label: 'Návrh: {number}',
    byIban: 'Rovnaká suma a z tohto účtu už odberateľ platil.',
    byName: 'Rovnaká suma a meno platiteľa zodpovedá odberateľovi.',
    more: 'Rovnako zodpovedá viac faktúr ({count}); navrhujeme najstaršiu.',
    confirm: 'Potvrdiť návrh',
  },
  /** A line's problem by its code; `service` and unknown codes show the service's own text. */
  problems: {
    'already-sent': 'Rovnakú platbu už odoslal iný import tejto firmy (riadok {line}).',
    'probably-recorded': 'Pravdepodobne už zaznamenaná: rovnaký dátum, suma, variabilný symbol a platiteľ.',
    'repeated-in-file': 'Rovnaký riadok je vo výpise už skôr (riadok {line}).',
    service: 'Fakturácia: {text}',
    'refused-by-service': 'Fakturácia dávku odmietla bez bližšieho dôvodu.',
    'refused-with-batch': 'Fakturácia odmietla dávku, v ktorej bol tento riadok; nič z nej nezaznamenala.',
    'currency-not-account':
      'Platba je v mene {currency}, účet výpisu vo Fakturácii vedie {account}: zaznamenala by sa ako {account}. Takú platbu zaznamenajte ručne.',
    'amount-too-precise': 'Suma {amount} má viac ako dve desatinné miesta: doplnok ju nezaokrúhľuje ani neposiela.',
    'payment-unsendable': 'Platbu nemožno zaznamenať vo Fakturácii tak, ako je (jej suma alebo dátum je mimo rozsahu).',
    'invalid-payload': 'Platba nemá tvar, ktorý Fakturácia prijíma (polia: {fields}).',
    unknown: 'Problém: {code}',
  },
  /** Why the import stopped sending (lib/base/imports/states.ts STOP_REASONS), as the pages say the service's refusals. */
  stop: {
    title: 'Odosielanie sa zastavilo',
    disconnected:
      'Pripojenie k Fakturácii nie je aktívne: prístup doplnku k firme bol zrušený alebo obnovený. Pripojte firmu znova na jej prehľade a potom odošlite platby znova.',
    'payment-required':
      'Firma nemá aktivovaný Balík API. Správca firmy ho môže aktivovať v nastaveniach predplatného vo Fakturácii; potom odošlite platby znova.',
    forbidden:
      'Fakturácia doplnku zapisovanie platieb nepovolila: váš používateľ nemá oprávnenie. Oprávnenia nastavuje správca firmy.',
    waiting: 'Platieb čakajúcich na odoslanie: {count}. Nič z nich sa nezaznamenalo.',
    again: 'Odoslať znova',
  },
  progress: {
    sending: 'Odosiela sa: zaznamenaných {done} z {total}. Stránka sa sama obnovuje.',
    unconfirmed:
      'Fakturácia platby prijala, doplnok overuje, či ich zaznamenala ({count}). Ak odpoveď trvá dlho, overuje ich znova; žiadna platba sa neodošle dvakrát.',
    refresh: 'Obnoviť',
  },
  actions: {
    record: {
      one: 'Zaznamenať {count} platbu vo Fakturácii',
      few: 'Zaznamenať {count} platby vo Fakturácii',
      many: 'Zaznamenať {count} platby vo Fakturácii',
      other: 'Zaznamenať {count} platieb vo Fakturácii',
    },
    recordHint:
      'Odošlú sa riadky v stave Pripravená. Riadok bez faktúry odošlete jeho tlačidlom Odoslať; riadok, ktorý je pravdepodobne už zaznamenaný, len keď potvrdíte, že ide o inú platbu.',
    sendLine: 'Odoslať',
    confirmNew: 'Je to iná platba, odoslať',
    recordedPayment: 'Zaznamenaná platba',
    recordedLine: 'Riadok {line} iného importu',
    exclude: 'Vynechať',
    include: 'Zahrnúť späť',
    pair: 'Spárovať',
    pairOther: 'Spárovať s inou faktúrou',
    search: 'Číslo faktúry, odberateľ alebo suma',
    searchButton: 'Hľadať',
    searchNone: 'Žiadna faktúra nezodpovedá „{q}“.',
    paid: 'uhradená',
    due: 'zostáva {amount}',
    dueAfterImport: 'zostáva {amount} po ostatných platbách tohto importu ({paid})',
    cancel: 'Zavrieť',
    lineLabel: 'Riadok {line}',
  },
  outcomes: {
    queued: 'Platby sa odosielajú do Fakturácie.',
    excluded: 'Riadok je vynechaný.',
    included: 'Riadok je späť.',
    paired: 'Riadok je spárovaný s faktúrou {number}.',
    unchanged: 'Nič sa nezmenilo: riadok sa medzitým zmenil alebo už bol odoslaný.',
    duplicate:
      'Nič sa neodoslalo: <i>import z {when}</i> ({file}) medzitým zaznamenal {lines} tohto výpisu; sú označené ako duplicitné.',
    duplicateElsewhere:
      'Nič sa neodoslalo: iný import medzitým zaznamenal {lines} tohto výpisu; sú označené ako duplicitné.',
    lines: { one: '{count} riadok', few: '{count} riadky', many: '{count} riadka', other: '{count} riadkov' },
  },
  empty: 'Výpis nemá žiadne riadky.',
} as const;

export type ImportsTexts = Widened<typeof sk>;
