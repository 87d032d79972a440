/** Slovak texts of the progress page of a consent in poll mode (Integration Consent). Pure data: safe anywhere. */
export const sk = {
  title: 'Pripojenie cez súhlas v službe',
  pending: {
    status: 'Čakáme na váš súhlas v službe…',
    openTitle: '1. Otvorte stránku súhlasu',
    openBody: 'Stránka služby sa otvorí na novej karte. Prihláste sa tam, vyberte firmu a prístup doplnku schváľte.',
    open: 'Otvoriť stránku súhlasu v službe',
    approveTitle: '2. Schváľte prístup v službe',
    approveBody: 'Táto stránka sa obnovuje sama a po schválení ukáže výsledok. Nechajte ju otvorenú.',
    validUntil: 'Súhlas treba dokončiť do {time}. Ak ho v službe odmietnete, pokus sa o tomto čase skončí sám.',
    refresh: 'Obnoviť stav',
  },
  ended: {
    expired: {
      title: 'Súhlas vypršal',
      body: 'Služba schválený prístup neodovzdala včas alebo ste sa medzitým odhlásili. Nič sa neuložilo. Začnite znova s novým súhlasom.',
    },
    denied: {
      title: 'Služba súhlas zamietla',
      body: 'Služba tento pokus ukončila. Nič sa neuložilo. Môžete začať znova s novým súhlasom.',
    },
    failed: {
      title: 'Pripojenie sa nepodarilo',
      body: 'Súhlas sa nedokončil do 15 minút alebo ho služba neprijala. Nič sa neuložilo. Môžete začať znova s novým súhlasom.',
    },
  },
  startAgain: 'Začať znova',
  backToCompany: 'Späť na firmu',
};

export type ConsentProgressTexts = typeof sk;
