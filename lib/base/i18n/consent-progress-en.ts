import { type ConsentProgressTexts, sk } from './consent-progress-sk';

/** English texts of the progress page of a consent (Integration Consent, both response modes). Pure data: safe anywhere. */
export const en: ConsentProgressTexts = {
  title: 'Connecting through consent in KROS',
  pending: {
    status: 'Waiting for your approval in KROS…',
    openTitle: '1. Approve the access on the KROS page',
    openBody:
      'The consent page opens in a new tab. Sign in there, choose the company and approve the add-on’s access. If the tab did not open, or you closed it, open it with the button.',
    open: 'Open the consent page in KROS',
    approveTitle: '2. Come back to this tab',
    approveBody: 'This page updates by itself and moves on to the connected company once you approve. Keep it open.',
    validUntil:
      'The consent must be completed by {time}. If you decline it in KROS, the attempt ends by itself at that time.',
    refresh: 'Refresh the status',
  },
  connected: {
    title: 'The consent was approved',
    body: 'Moving on to the company…',
    continue: 'Continue to the company',
  },
  ended: {
    expired: {
      title: 'The consent expired',
      body: 'KROS did not hand over the approved access in time, or you signed out meanwhile. Nothing was stored. Start again with a new consent.',
    },
    denied: {
      title: 'KROS refused the consent',
      body: 'KROS ended this attempt. Nothing was stored. You can start again with a new consent.',
    },
    failed: {
      title: 'Connecting failed',
      body: 'The consent was not completed within 15 minutes, or KROS did not accept it. Nothing was stored. You can start again with a new consent.',
    },
  },
  startAgain: 'Start again',
  backToCompany: 'Back to the company',
};

/** Both languages, for lib/base/i18n/messages.ts. */
export const consentProgressTexts = { sk, en } as const;
