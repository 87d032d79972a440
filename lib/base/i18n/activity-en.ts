import type { ActivityTexts } from './activity-sk';

/** English texts of the company's activity page. */
export const en: ActivityTexts = {
  tab: 'Activity',
  title: 'Activity',
  intro:
    'Notifications KROS sent the add-on about this company: upload results and payments. The latest {count} at most are shown.',
  loading: 'Loading notifications…',
  listLabel: 'Notifications received',
  receivedAt: 'Received',
  kinds: {
    upload: 'Upload result',
    financialTransaction: 'Payment – financial transaction',
    documentPayment: 'Document payment',
    payment: 'Payment',
    other: 'Other notification',
  },
  requestId: 'Request ID',
  status: {
    ok: 'Processed without problems',
    problems: 'Processed with problems',
  },
  entitiesCaption: 'Documents in the result',
  columns: {
    documentNumber: 'Document number',
    externalId: 'External ID',
    variableSymbol: 'Variable symbol',
    problems: 'Problems',
  },
  noEntities: 'The result lists no individual documents.',
  noProblems: 'No problems',
  payment: {
    eventType: 'Notification type',
    documentNumber: 'Document number',
    variableSymbol: 'Variable symbol',
    dateOfPayment: 'Date of payment',
    sumOfPayment: 'Amount',
    partnerName: 'Partner',
    accountId: 'Account',
    noFields: 'The notification gives no details of the payment.',
  },
  other: {
    eventName: 'Notification name',
    content: 'Notification content',
  },
  shared:
    'Shared notification of companies {companies}: they were approved in one consent and share its notification key.',
  empty:
    'No notification yet. Upload results of invoices and delivery notes and payments KROS sends about this company appear here. Notifications arrive once the company’s connection has a notification address.',
  driver: {
    title: 'The connection that does the company’s work',
    help: 'The add-on updates the company’s copy and sends imports with this connection. No token or key is shown here.',
    sources: {
      gateway: 'a token the gateway delivered when the add-on was launched',
      consent: 'a token from Integration Consent',
      pasted: 'a pasted token, checked against this company’s data',
    },
    driven: 'The company’s work is done with {source}, of user {user}.',
    you: '{user} (you)',
    none: 'No connection does the company’s work now: its copy is not updated and imports are not sent.',
    ownUnproven:
      'Your pasted token is not yet checked against this company’s data, so the add-on sends only your own imports with it. It is checked when you paste it again once the company’s copy has data (for example after a token delivered by the gateway or from a consent has read it).',
  },
  receiver: {
    title: 'Notification address',
    address: 'Address',
    help: 'KROS sends this connection’s notifications to this address. It is not secret: the add-on takes only notifications signed with the connection’s key.',
    secretStored: 'The key that verifies notifications is stored.',
    secretMissing:
      'No key to verify notifications is stored, so the add-on does not take this connection’s notifications. KROS hands the key over when the company is connected through Integration Consent; with a token of your own, paste its authorization key on the company’s overview.',
    sharedAddress: 'Companies {companies} have the same address (approved in one consent).',
    noAddress: 'This company’s connection has no notification address yet.',
    noConnection: 'The company is not connected, so no notifications arrive.',
  },
};
