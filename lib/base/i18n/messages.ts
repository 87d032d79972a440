import { activityTexts } from './activity';
import { en as consentEn } from './consent-en';
import { consentProgressTexts } from './consent-progress-en';
import { sk as consentSk } from './consent-sk';
import { documentTexts } from './documents';
import { moneyTexts } from './money';
import { partnersTexts } from './partners';
import { stockTexts } from './stock';

/** Every text of the interface, in Slovak (the service's language) and English. Pure data: safe anywhere. */
export const messages = {
  sk: {
    appName: 'Doklady z Fakturácie',
    skipToContent: 'Preskočiť na obsah',
    pageNotFoundTitle: 'Stránka sa nenašla',
    pageNotFoundBody: 'Na tejto adrese doplnok nič nemá. Pokračujte zoznamom firiem.',
    signedInAs: 'Prihlásený používateľ',
    signOut: 'Odhlásiť sa',
    companies: 'Firmy',
    companiesIntro: 'Firmy, ku ktorým vás Fakturácia prihlásila. Vyberte firmu a zobrazte jej doklady.',
    noCompaniesTitle: 'Nie je pripojená žiadna firma',
    noCompaniesBody:
      'Doplnok ste otvorili bez výberu firmy, takže ste prihlásený, no žiadne doklady sa nedajú zobraziť. Otvorte doplnok znova z obchodu s doplnkami a vyberte firmu.',
    state: {
      connected: 'Pripojené',
      missing: 'Prístup nebol odovzdaný',
      invalid: 'Prístup bol zrušený',
    },
    stateHelp: {
      connected: 'Doplnok má platný prístup k údajom tejto firmy.',
      missing: 'Fakturácia pre túto firmu neodovzdala prístupový token. Pripojte ju nižšie.',
      invalid: 'Fakturácia prístup odmietla (pripojenie bolo zmazané alebo obnovené). Pripojte firmu znova nižšie.',
    },
    companyId: 'ID firmy',
    unnamedCompany: 'Firma',
    back: 'Späť na zoznam firiem',
    overview: 'Prehľad',
    connection: 'Pripojenie',
    signedOutTitle: 'Nie ste prihlásený',
    signedOutBody: 'Doplnok sa otvára z obchodu s doplnkami vo Fakturácii. Otvorte ho tam a prihlásite sa automaticky.',
    forbiddenTitle: 'K tejto firme nemáte prístup',
    forbiddenBody: 'Táto firma nie je medzi firmami, ku ktorým vás Fakturácia prihlásila.',
    /** The sign-in's failure pages (/auth/callback), by error code; the browser comes from the gateway. */
    signInFailures: {
      bad_request: {
        title: 'Prihlásenie sa nepodarilo',
        body: 'Odkaz na prihlásenie je neplatný, vypršal alebo už bol použitý. Otvorte doplnok znova z obchodu s doplnkami vo Fakturácii.',
      },
      rate_limited: {
        title: 'Príliš veľa pokusov',
        body: 'Chvíľu počkajte. Otvorte doplnok znova z obchodu s doplnkami vo Fakturácii.',
      },
      unavailable: {
        title: 'Prihlásenie je dočasne nedostupné',
        body: 'Skúste to o chvíľu. Otvorte doplnok znova z obchodu s doplnkami vo Fakturácii.',
      },
    },
    sessionEnds: 'Prihlásenie platí do',
    paste: {
      summary: 'Pripojiť vlastným tokenom',
      intro:
        'Token vytvoríte vo Fakturácii v nastaveniach firmy, v časti API prepojenia (zobrazí sa len raz). Doplnok ho overí vo Fakturácii, uloží zašifrovaný a už ho nikdy nezobrazí.',
      tokenLabel: 'Prístupový token',
      secretLabel: 'Autorizačný kľúč upozornení (nepovinné)',
      secretHelp:
        'Ak ste v prepojení zadali adresu pre upozornenia a autorizačný kľúč, vložte kľúč sem, aby doplnok vedel upozornenia overiť.',
      submit: 'Overiť a pripojiť',
      outcomes: {
        connected: 'Token je overený a firma je pripojená.',
        unproven:
          'Token je overený a uložený. Doplnok zatiaľ nemá údaje tejto firmy, s ktorými by ho porovnal, preto ním posiela len vaše vlastné importy; prácu firmy (aktualizáciu kópie, importy ostatných) ním nerobí, kým sa nepreukáže, že patrí tejto firme.',
        'other-company':
          'Tento token patrí inej firme: účty a doklady, ktoré ním Fakturácia ukazuje, nie sú účty a doklady tejto firmy. Nič sa neuložilo. Vytvorte token v nastaveniach tejto firmy a vložte ten.',
        invalid: 'Toto nie je prístupový token. Vložte celý token bez medzier.',
        rejected: 'Fakturácia token odmietla: je neplatný, zmazaný alebo obnovený. Nič sa neuložilo.',
        busy: 'Fakturácia je práve zaneprázdnená. Skúste to o chvíľu znova; nič sa neuložilo.',
        unavailable: 'Fakturácia token teraz nevie overiť. Skúste to znova neskôr; nič sa neuložilo.',
      },
    },
    consent: consentSk,
    consentProgress: consentProgressTexts.sk,
    docs: documentTexts.sk,
    activity: activityTexts.sk,
    money: moneyTexts.sk,
    stock: stockTexts.sk,
    partners: partnersTexts.sk,
  },
  en: {
    appName: 'Invoicing documents',
    skipToContent: 'Skip to content',
    pageNotFoundTitle: 'Page not found',
    pageNotFoundBody: 'The add-on has nothing at this address. Continue with the list of companies.',
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    companies: 'Companies',
    companiesIntro: 'The companies KROS signed you in for. Pick one to see its documents.',
    noCompaniesTitle: 'No company is connected',
    noCompaniesBody:
      'You opened the add-on without choosing a company, so you are signed in but no documents can be shown. Open the add-on again from the add-on store and choose a company.',
    state: {
      connected: 'Connected',
      missing: 'No access delivered',
      invalid: 'Access revoked',
    },
    stateHelp: {
      connected: 'The add-on has valid access to this company’s data.',
      missing: 'KROS delivered no access token for this company. Connect it below.',
      invalid: 'KROS rejected the access (the connection was deleted or reset). Connect the company again below.',
    },
    companyId: 'Company ID',
    unnamedCompany: 'Company',
    back: 'Back to companies',
    overview: 'Overview',
    connection: 'Connection',
    signedOutTitle: 'You are not signed in',
    signedOutBody: 'The add-on opens from the add-on store in KROS. Open it there and you are signed in automatically.',
    forbiddenTitle: 'You have no access to this company',
    forbiddenBody: 'This company is not among the companies KROS signed you in for.',
    signInFailures: {
      bad_request: {
        title: 'Sign-in failed',
        body: 'The sign-in link is invalid, has expired or was already used. Open the add-on again from the add-on store in KROS.',
      },
      rate_limited: {
        title: 'Too many attempts',
        body: 'Please wait a moment. Open the add-on again from the add-on store in KROS.',
      },
      unavailable: {
        title: 'Temporarily unavailable',
        body: 'Please try again shortly. Open the add-on again from the add-on store in KROS.',
      },
    },
    sessionEnds: 'Signed in until',
    paste: {
      summary: 'Connect with a token of your own',
      intro:
        'Create a token in KROS, in the company settings under API connections (it is shown only once). The add-on checks it with KROS, stores it encrypted and never shows it again.',
      tokenLabel: 'Access token',
      secretLabel: 'Notification authorization key (optional)',
      secretHelp:
        'If the connection has a notification address and an authorization key, paste the key here so the add-on can verify the notifications.',
      submit: 'Check and connect',
      outcomes: {
        connected: 'The token was checked and the company is connected.',
        unproven:
          'The token was checked and stored. The add-on has no data of this company yet to compare it with, so it sends only your own imports with it; it does not do the company’s work with it (updating the copy, other users’ imports) until it is shown to belong to this company.',
        'other-company':
          'This token belongs to another company: the accounts and documents KROS shows with it are not this company’s. Nothing was stored. Create a token in this company’s settings and paste that one.',
        invalid: 'This is not an access token. Paste the whole token, without spaces.',
        rejected: 'KROS refused the token: it is invalid, deleted or reset. Nothing was stored.',
        busy: 'KROS is busy right now. Try again in a moment; nothing was stored.',
        unavailable: 'KROS cannot check the token now. Try again later; nothing was stored.',
      },
    },
    consent: consentEn,
    consentProgress: consentProgressTexts.en,
    docs: documentTexts.en,
    activity: activityTexts.en,
    money: moneyTexts.en,
    stock: stockTexts.en,
    partners: partnersTexts.en,
  },
} as const;

export type Locale = keyof typeof messages;
export type Messages = (typeof messages)[Locale];

/** The best of our languages for an Accept-Language header; Slovak when nothing matches (the service's home). */
export function pickLocale(acceptLanguage: string | null): Locale {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { language: tag.split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { language } of ranked) {
    if (language === 'sk' || language === 'cs') return 'sk';
    if (language === 'en') return 'en';
  }
  return 'sk';
}
