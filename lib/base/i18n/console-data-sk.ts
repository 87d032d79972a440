import type { Widened } from './documents-sk';

/**
 * Slovak texts of the operators' console's Companies, Users and Audit log pages and of its actions (the shape every
 * language follows). Reason codes are lib/features/console/actions.ts's; `{name}` and `{count}` are filled in by the page.
 */
export const sk = {
  companies: {
    title: 'Firmy',
    intro: 'Firmy, ktoré doplnok pozná: spustenia, pripojenia, kópia dokladov a notifikácie.',
    empty: 'Doplnok zatiaľ nepozná žiadnu firmu.',
    columns: {
      company: 'Firma',
      users: 'Používatelia (posledné spustenie)',
      connection: 'Pripojenie',
      since: 'Od',
      lastUnauthorized: 'Posledné 401',
      lastPaymentRequired: 'Posledné 402',
      mirror: 'Kópia dokladov',
      lastSync: 'Posledná synchronizácia',
      records: 'Záznamy',
      lag: 'Oneskorenie',
      lastError: 'Posledná chyba',
      nextTry: 'Ďalší pokus',
      notifications: 'Notifikácie prijaté / odmietnuté',
      keyIds: 'Kľúče šifrovania',
    },
    refusedNote:
      'Odmietnuté: notifikácie na adresu firmy bez platného podpisu alebo s nečitateľným obsahom za posledných 30 dní (všetky inštancie, po hodinách). Notifikácia na neznámu adresu nepatrí žiadnej firme: počíta ju len metrika.',
  },
  connectionState: { connected: 'Pripojená', invalid: 'Prístup odmietnutý', missing: 'Bez tokenu' },
  source: { gateway: 'Doručený bránou', consent: 'Súhlas (Integration Consent)', pasted: 'Vložený používateľom' },
  mirrorStatus: {
    never: 'Ešte nesynchronizovaná',
    syncing: 'Synchronizuje sa',
    ready: 'Pripravená',
    paused: 'Pozastavená (402)',
    stopped: 'Zastavená (401)',
  },
  kinds: { invoices: 'Faktúry', expenses: 'Náklady', deliveryNotes: 'Dodacie listy' },
  users: {
    title: 'Používatelia',
    intro: 'Kto doplnok spustil, s ktorými firmami, a jeho relácie. Relácia je označená odtlačkom, nikdy svojím ID.',
    empty: 'Doplnok zatiaľ nikto nespustil.',
    columns: {
      user: 'Používateľ',
      companies: 'Firmy',
      lastLaunch: 'Posledné spustenie',
      session: 'Relácia (odtlačok)',
      created: 'Vytvorená',
      lastSeen: 'Naposledy videná',
      state: 'Stav',
    },
  },
  sessionState: { live: 'Aktívna', idle: 'Nečinná', revoked: 'Ukončená', expired: 'Vypršaná' },
  actions: {
    endUserSessions: {
      label: 'Ukončiť všetky relácie',
      confirm:
        'Ukončiť všetky relácie používateľa {name}? Jeho ďalšia stránka ho odmietne, kým doplnok znova nespustí.',
      done: 'Ukončené relácie: {count}.',
    },
    disconnectCompany: {
      label: 'Odpojiť firmu',
      confirm:
        'Odpojiť firmu {name}? Doplnok zabudne jej tokeny a zmaže kópiu jej dokladov. Pri ďalšom spustení ju brána pripojí znova.',
      done: 'Firma je odpojená: zabudnuté tokeny {count}.',
    },
    resyncCompany: {
      label: 'Synchronizovať teraz',
      confirm: 'Synchronizovať kópiu dokladov firmy {name} teraz?',
      done: 'Synchronizácia je zaradená.',
      alreadyQueued: 'Synchronizácia tejto firmy už čaká v poradí.',
      modes: { auto: 'Čo je treba', reconcile: 'Aj zmazané doklady', full: 'Všetko odznova' },
    },
    reencryptSecrets: {
      label: 'Prešifrovať tajomstvá prvým kľúčom',
      confirm: 'Prešifrovať všetky uložené tokeny a tajomstvá kľúčom {name}?',
      done: 'Prešifrované: {count}.',
    },
    invalidInput: 'Požiadavka nie je platná. Nič sa nezmenilo.',
  },
  reasons: {
    'no-live-sessions': 'Používateľ nemá žiadnu aktívnu reláciu.',
    'unknown-company': 'Doplnok o tejto firme nič neuchováva.',
    'not-connected': 'Firma nemá funkčné pripojenie.',
    'mirror-sync-off': 'Synchronizácia kópie dokladov je vypnutá (MIRROR_SYNC=off).',
    'already-queued': 'Už bola zaradená.',
    'queue-unavailable': 'Fronta úloh nie je dostupná. Skúste to o chvíľu.',
    'unreadable-secret': 'Niektoré tajomstvo sa nedá otvoriť žiadnym nastaveným kľúčom.',
    internal: 'Akcia zlyhala. Podrobnosti sú v záznamoch servera.',
  },
  audit: {
    title: 'Záznam akcií',
    intro: 'Každá akcia operátora: kto, čo, kedy a s akým výsledkom.',
    empty: 'Žiadny záznam nezodpovedá filtru.',
    columns: { at: 'Kedy', operator: 'Operátor', action: 'Akcia', target: 'Cieľ', result: 'Výsledok', reason: 'Dôvod' },
    filter: {
      operator: 'Operátor',
      action: 'Akcia',
      company: 'ID firmy',
      result: 'Výsledok',
      from: 'Od',
      to: 'Do',
      apply: 'Filtrovať',
      older: 'Staršie záznamy',
      invalid: 'Filter nie je platný.',
    },
    actionNames: {
      'end-user-sessions': 'Ukončenie relácií',
      'disconnect-company': 'Odpojenie firmy',
      'resync-company': 'Synchronizácia firmy',
      'reencrypt-secrets': 'Prešifrovanie tajomstiev',
    },
    results: { ok: 'Hotovo', refused: 'Odmietnuté', failed: 'Zlyhalo' },
  },
};

/** The shape of the texts: Slovak's keys, any strings. */
export type ConsoleDataTexts = Widened<typeof sk>;
