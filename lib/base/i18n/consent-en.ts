import type { ConsentTexts } from './consent-sk';

/** English texts of connecting a company through the service's consent (Integration Consent). */
export const en: ConsentTexts = {
  connect: 'Connect',
  intro: {
    single:
      'The KROS page opens, where you approve the add-on’s access to this company. KROS hands the token to the add-on directly.',
    multiple:
      'The KROS page opens, where you can approve access to the {count} companies the add-on cannot reach, all at once. KROS hands the tokens to the add-on directly.',
  },
  reconnect: 'Connect again through consent in KROS',
  source: {
    gateway: 'Access was handed over by KROS when the add-on was opened.',
    consent: 'Access comes from a consent you approved in KROS.',
    pasted: 'Access comes from a token you pasted.',
  },
  notifications: 'KROS notifications, and the address they arrive at, are under',
  notificationsPasted: 'The notification address to enter in the KROS API connection settings is under',
  result: {
    // Company names often end in a full stop (s.r.o.): the lists end the sentences, without one of their own.
    connected: 'The consent was approved. Connected: {companies}',
    otherCompany: 'You approved a different company than {asked} in KROS. Connected: {companies}',
    askedNotConnected: '{asked} is still not connected. Connect it again and choose exactly this company in KROS.',
    askedUnchanged: '{asked} keeps its previous connection; no new one was made for it.',
    replaced: 'The new connection replaced a working one for: {companies}',
    leftOut: 'Not among the companies you are signed in for, so their access was not stored: {companies}',
    noneStored: 'None of the approved companies is among the companies you are signed in for; nothing was stored.',
    expired: 'This consent is no longer valid (it expired, or you signed out meanwhile). Start again.',
  },
  replacedNotice:
    'This company’s connection changed on {date}: in the consent you started on the page of {company}, you approved this company in KROS as well. The add-on has used the new connection since; the previous one stays valid in KROS until you delete it there.',
  returnPage: {
    connectedTitle: 'The company is connected',
    otherTitle: 'A different company than you wanted was connected',
    noneTitle: 'No company was connected',
    back: 'Return to the KROS tab with the add-on: the add-on shows the result by itself. You can close this tab afterwards.',
    close: 'Close this tab',
  },
  pages: {
    unknownTitle: 'The consent cannot be completed',
    unknownBody:
      'This answer from KROS belongs to no consent the add-on started. Nothing was stored. Open the add-on and connect the company again.',
    expiredTitle: 'The consent expired',
    expiredBody:
      'A consent must be completed within 15 minutes of its start, in the same sign-in. Nothing was stored. Open the add-on and connect the company again.',
    malformedTitle: 'The answer from KROS cannot be read',
    malformedBody:
      'The answer does not list companies in the expected form. Nothing was stored. Try connecting the company again.',
    unavailableTitle: 'The add-on is temporarily unavailable',
    unavailableBody:
      'The consent cannot be stored right now; nothing was stored. Go back to the KROS page in a moment and press its return button again.',
    busyTitle: 'Too many attempts',
    busyBody: 'Too many invalid answers came from this address. Try again in {seconds} s.',
  },
};
