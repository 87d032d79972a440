import type { Widened } from './documents-sk';

/** Slovak texts of the company's activity page (the service's notifications; the shape every language follows). */

export const sk = {
  tab: 'Aktivita',
  title: 'Aktivita',
  intro:
    'Upozornenia, ktoré Fakturácia poslala doplnku o tejto firme: výsledky nahratia dokladov a úhrady. Zobrazuje sa najviac {count} najnovších.',
  loading: 'Načítavajú sa upozornenia…',
  listLabel: 'Prijaté upozornenia',
  receivedAt: 'Prijaté',
  kinds: {
    upload: 'Výsledok nahratia dokladov',
    financialTransaction: 'Úhrada – finančná transakcia',
    documentPayment: 'Úhrada dokladu',
    payment: 'Úhrada',
    other: 'Iné upozornenie',
  },
  requestId: 'ID požiadavky',
  status: {
    ok: 'Spracované bez problémov',
    problems: 'Spracované s problémami',
  },
  entitiesCaption: 'Doklady vo výsledku',
  columns: {
    documentNumber: 'Číslo dokladu',
    externalId: 'Externé ID',
    variableSymbol: 'Variabilný symbol',
    problems: 'Problémy',
  },
  noEntities: 'Výsledok neuvádza jednotlivé doklady.',
  noProblems: 'Bez problémov',
  payment: {
    eventType: 'Druh upozornenia',
    documentNumber: 'Číslo dokladu',
    variableSymbol: 'Variabilný symbol',
    dateOfPayment: 'Dátum úhrady',
    sumOfPayment: 'Suma',
    partnerName: 'Partner',
    accountId: 'Účet',
    noFields: 'Upozornenie neuvádza údaje o úhrade.',
  },
  other: {
    eventName: 'Názov upozornenia',
    content: 'Obsah upozornenia',
  },
  shared: 'Spoločné upozornenie firiem {companies}: boli schválené jedným súhlasom a zdieľajú kľúč upozornení.',
  empty:
    'Zatiaľ tu nie je žiadne upozornenie. Tu sa zobrazia výsledky nahratia faktúr a dodacích listov a úhrady, ktoré Fakturácia pošle o tejto firme. Upozornenia prichádzajú, keď má pripojenie firmy nastavenú adresu pre upozornenia.',
  driver: {
    title: 'Pripojenie, ktoré robí prácu firmy',
    help: 'Týmto pripojením doplnok aktualizuje kópiu údajov firmy a posiela importy. Token ani kľúč sa tu nezobrazuje.',
    sources: {
      gateway: 'token doručený bránou pri spustení doplnku',
      consent: 'token zo súhlasu s integráciou',
      pasted: 'vložený token, overený na údajoch tejto firmy',
    },
    driven: 'Prácu firmy robí {source}, používateľa {user}.',
    you: '{user} (vy)',
    none: 'Prácu firmy teraz nerobí žiadne pripojenie: kópia firmy sa neaktualizuje a importy sa neposielajú.',
    ownUnproven:
      'Váš vložený token ešte nie je overený na údajoch tejto firmy, preto ním doplnok posiela len vaše vlastné importy. Overí sa, keď ho vložíte znova, až bude mať kópia firmy údaje (napríklad po jej načítaní cez token doručený bránou alebo zo súhlasu).',
  },
  receiver: {
    title: 'Adresa pre upozornenia',
    address: 'Adresa',
    help: 'Fakturácia posiela upozornenia tohto pripojenia na túto adresu. Adresa nie je tajná: doplnok prijme len upozornenie podpísané kľúčom pripojenia.',
    secretStored: 'Kľúč na overenie upozornení je uložený.',
    secretMissing:
      'Kľúč na overenie upozornení nie je uložený, preto doplnok upozornenia tohto pripojenia neprijme. Kľúč odovzdá Fakturácia pri pripojení firmy cez súhlas s integráciou; pri vlastnom tokene vložte na prehľade firmy jeho autorizačný kľúč.',
    sharedAddress: 'Rovnakú adresu majú aj firmy {companies} (schválené jedným súhlasom).',
    noAddress: 'Pripojenie tejto firmy zatiaľ nemá adresu pre upozornenia.',
    noConnection: 'Firma nie je pripojená, preto upozornenia neprichádzajú.',
  },
};

/** The shape of the texts: Slovak's keys, any strings. */
export type ActivityTexts = Widened<typeof sk>;
