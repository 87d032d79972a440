/** Slovak texts of connecting a company through the service's consent (Integration Consent). */
export const sk = {
  connect: 'Pripojiť',
  intro: {
    single:
      'Otvorí sa stránka Fakturácie, kde prístup doplnku k tejto firme schválite. Token odovzdá Fakturácia priamo doplnku.',
    multiple:
      'Otvorí sa stránka Fakturácie, kde môžete naraz schváliť prístup k {count} firmám, ku ktorým doplnok prístup nemá. Token odovzdá Fakturácia priamo doplnku.',
  },
  reconnect: 'Pripojiť znova cez súhlas vo Fakturácii',
  source: {
    gateway: 'Prístup odovzdala Fakturácia pri otvorení doplnku.',
    consent: 'Prístup je zo súhlasu, ktorý ste schválili vo Fakturácii.',
    pasted: 'Prístup je z tokenu, ktorý ste vložili.',
  },
  notifications: 'Upozornenia Fakturácie a adresu, na ktorú prichádzajú, nájdete v časti',
  notificationsPasted:
    'Adresu pre upozornenia, ktorú zadáte vo Fakturácii v nastaveniach API prepojenia, nájdete v časti',
  result: {
    // Názvy firiem často končia bodkou (s.r.o.): zoznamy vety končia, bez vlastnej bodky.
    connected: 'Súhlas je schválený. Pripojené: {companies}',
    otherCompany: 'Vo Fakturácii ste schválili inú firmu ako {asked}. Pripojené: {companies}',
    askedNotConnected: '{asked} stále nie je pripojená. Pripojte ju znova a vo Fakturácii vyberte práve ju.',
    askedUnchanged: '{asked} má naďalej svoje doterajšie pripojenie; nové pre ňu nevzniklo.',
    replaced: 'Doterajšie fungujúce pripojenie nahradilo nové pri: {companies}',
    leftOut: 'Nie sú medzi firmami vášho prihlásenia, preto sa ich prístup neuložil: {companies}',
    noneStored: 'Žiadna zo schválených firiem nie je medzi firmami vášho prihlásenia; nič sa neuložilo.',
    expired: 'Tento súhlas už neplatí (vypršal alebo ste sa medzitým odhlásili). Začnite znova.',
  },
  /** On the page of a company whose working connection a consent started elsewhere replaced. */
  replacedNotice:
    'Pripojenie tejto firmy sa zmenilo {date}: v súhlase, ktorý ste začali na stránke firmy {company}, ste vo Fakturácii schválili aj túto firmu. Doplnok odvtedy používa nové pripojenie; predchádzajúce vo Fakturácii zostáva platné, kým ho tam nezmažete.',
  /** The page /consent/return shows in the tab the consent page was opened in (no session there). */
  returnPage: {
    connectedTitle: 'Firma je pripojená',
    otherTitle: 'Pripojená je iná firma, než ste chceli',
    noneTitle: 'Nepripojila sa žiadna firma',
    back: 'Vráťte sa na kartu Fakturácie s doplnkom: doplnok výsledok ukáže sám. Túto kartu potom môžete zavrieť.',
    close: 'Zavrieť túto kartu',
  },
  pages: {
    unknownTitle: 'Súhlas sa nedá dokončiť',
    unknownBody:
      'Táto odpoveď Fakturácie nepatrí k žiadnemu súhlasu, ktorý doplnok začal. Nič sa neuložilo. Otvorte doplnok a pripojte firmu znova.',
    expiredTitle: 'Súhlas vypršal',
    expiredBody:
      'Súhlas sa musí dokončiť do 15 minút od začiatku, v rámci toho istého prihlásenia. Nič sa neuložilo. Otvorte doplnok a pripojte firmu znova.',
    malformedTitle: 'Odpoveď Fakturácie sa nedá prečítať',
    malformedBody: 'Odpoveď neobsahuje firmy v očakávanom tvare. Nič sa neuložilo. Skúste firmu pripojiť znova.',
    unavailableTitle: 'Doplnok je dočasne nedostupný',
    unavailableBody:
      'Súhlas sa teraz nedá uložiť; nič sa neuložilo. Vráťte sa o chvíľu na stránku Fakturácie a stlačte tam tlačidlo návratu znova.',
    busyTitle: 'Príliš veľa pokusov',
    busyBody: 'Z tejto adresy prišlo priveľa neplatných odpovedí. Skúste to znova o {seconds} s.',
  },
};

export type ConsentTexts = typeof sk;
