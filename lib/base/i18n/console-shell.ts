import type { Locale } from '@/lib/base/i18n/messages';

/**
 * Texts of the operators' console's shell: its frame, sign-in, refusal and the start page. Pure data. The console's
 * sections (companies, launches, data API, users, audit log) keep their own texts beside them.
 */
const sk = {
  consoleName: 'Konzola prevádzky',
  signInTitle: 'Prihlásenie do konzoly',
  signInBody: 'Konzola je pre pracovníkov prevádzky doplnku. Prihláste sa účtom svojej organizácie.',
  signInButton: 'Prihlásiť sa účtom organizácie',
  signInWorking: 'Presmerúvam…',
  signInFailed: 'Prihlásenie sa nepodarilo. Skúste to znova.',
  signedOut: 'Boli ste odhlásený z konzoly.',
  refusedTitle: 'Do konzoly nemáte prístup',
  refusedBody:
    'Váš účet je overený, no nie je medzi pracovníkmi prevádzky, ktorým je konzola povolená. Ak ho potrebujete, požiadajte správcu doplnku.',
  otherAccount: 'Prihlásiť sa iným účtom',
  signedInAs: 'Prihlásený pracovník',
  signOut: 'Odhlásiť sa',
  homeTitle: 'Prehľad konzoly',
  homeIntro: 'Čo v konzole nájdete:',
  sections: {
    companies: ['Firmy', 'Firmy, ktoré doplnok používajú: pripojenie, kópia dokladov, notifikácie.'],
    launches: ['Spustenia', 'Spustenia doplnku za hodinu a deň a neúspešné spustenia podľa dôvodu.'],
    dataApi: ['Dátové API', 'Využitie dátového API po firmách: volania, odmietnutia 429, čakanie na limit.'],
    users: ['Používatelia', 'Kto doplnok spustil, v ktorých firmách a jeho relácie.'],
    audit: ['Záznam akcií', 'Kto v konzole čo urobil, kedy a s akým výsledkom.'],
  },
  comingSoon: 'pripravuje sa',
  /** The sections' links at the top of every console page. */
  navLabel: 'Časti konzoly',
  notFoundTitle: 'Táto stránka konzoly neexistuje',
  notFoundBody: 'Na tejto adrese konzola nič nemá. Pokračujte niektorou z častí konzoly.',
  notFoundHome: 'Na prehľad konzoly',
};

const en: typeof sk = {
  consoleName: 'Operations console',
  signInTitle: 'Sign in to the console',
  signInBody: "The console is for the add-on's operations staff. Sign in with your organisation's account.",
  signInButton: "Sign in with your organisation's account",
  signInWorking: 'Redirecting…',
  signInFailed: 'Signing in failed. Try again.',
  signedOut: 'You have signed out of the console.',
  refusedTitle: 'You may not enter the console',
  refusedBody:
    "Your account is verified but is not among the operations staff allowed into the console. Ask the add-on's administrator if you need it.",
  otherAccount: 'Sign in with another account',
  signedInAs: 'Signed in as',
  signOut: 'Sign out',
  homeTitle: 'Console overview',
  homeIntro: 'What the console holds:',
  sections: {
    companies: ['Companies', 'Companies using the add-on: connection, document copy, notifications.'],
    launches: ['Launches', 'Launches per hour and day, and failed launches by reason.'],
    dataApi: ['Data API', 'Data API use per company: calls, 429 refusals, time waiting for the budget.'],
    users: ['Users', 'Who launched the add-on, in which companies, and their sessions.'],
    audit: ['Audit log', 'Who did what in the console, when, and with what result.'],
  },
  comingSoon: 'coming soon',
  navLabel: 'Console sections',
  notFoundTitle: 'This console page does not exist',
  notFoundBody: 'The console has nothing at this address. Continue with one of its sections.',
  notFoundHome: 'To the console overview',
};

export const consoleShellTexts: Record<Locale, typeof sk> = { sk, en };
export type ConsoleShellTexts = typeof sk;
