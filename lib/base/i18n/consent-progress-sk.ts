/** Slovak texts of the progress page of a consent (Integration Consent, both response modes). Pure data: safe anywhere. */
export const sk = {
  title: 'Pripojenie cez súhlas vo Fakturácii',
  pending: {
    status: 'Čakáme na váš súhlas vo Fakturácii…',
    openTitle: '1. Schváľte prístup na stránke Fakturácie',
    openBody:
      'Stránka súhlasu sa otvára na novej karte. Prihláste sa tam, vyberte firmu a prístup doplnku schváľte. Ak sa karta neotvorila alebo ste ju zavreli, otvorte ju tlačidlom.',
    open: 'Otvoriť stránku súhlasu vo Fakturácii',
    approveTitle: '2. Vráťte sa na túto kartu',
    approveBody: 'Táto stránka sa obnovuje sama a po schválení prejde na pripojenú firmu. Nechajte ju otvorenú.',
    validUntil: 'Súhlas treba dokončiť do {time}. Ak ho vo Fakturácii odmietnete, pokus sa o tomto čase skončí sám.',
    refresh: 'Obnoviť stav',
  },
  connected: {
    title: 'Súhlas je schválený',
    body: 'Prechádzame na firmu…',
    continue: 'Pokračovať na firmu',
  },
  ended: {
    expired: {
      title: 'Súhlas vypršal',
      body: 'Fakturácia schválený prístup neodovzdala včas alebo ste sa medzitým odhlásili. Nič sa neuložilo. Začnite znova s novým súhlasom.',
    },
    denied: {
      title: 'Fakturácia súhlas zamietla',
      body: 'Fakturácia tento pokus ukončila. Nič sa neuložilo. Môžete začať znova s novým súhlasom.',
    },
    failed: {
      title: 'Pripojenie sa nepodarilo',
      body: 'Súhlas sa nedokončil do 15 minút alebo ho Fakturácia neprijala. Nič sa neuložilo. Môžete začať znova s novým súhlasom.',
    },
  },
  startAgain: 'Začať znova',
  backToCompany: 'Späť na firmu',
};

export type ConsentProgressTexts = typeof sk;
