import type { MoneyTexts } from './money-sk';

/** English texts of the payments and accounts pages. */
export const en: MoneyTexts = {
  tab: 'Payments',
  title: 'Payments',
  loading: 'Loading payments…',
  onlyWithAccount:
    'KROS lists only payments recorded with an account (a bank account or a cash desk). Payments entered only on a document are not here.',
  toAccounts: 'Accounts and their payments →',
  caption: 'Payments',
  payments: { one: 'payment', few: 'payments', many: 'payments', other: 'payments' },
  columns: {
    date: 'Date',
    amount: 'Amount',
    account: 'Account',
    partner: 'Partner',
    variableSymbol: 'Variable symbol',
    reference: 'Reference',
    documents: 'Documents paid',
  },
  filters: {
    PaymentDateFrom: 'Payment date from',
    PaymentDateTo: 'Payment date to',
    AccountId: 'Account',
  },
  search: 'Partner, variable symbol, reference, IBAN, amount…',
  none: 'The company has no payments recorded with an account yet.',
  noneMatch: 'No payment matches these filters.',
  noneFound: 'No payment matches “{q}”.',
  totals: {
    label: 'Totals of this view',
    sums: 'Total',
    noCurrency: 'no currency',
  },
  unknownAccount: 'Account no. {id}',
  noAccount: 'No account',
  freshness: {
    label: 'How fresh the payments are',
    preparing:
      'The company’s payments are being copied from KROS: {count} read so far. The list is shown once all of them are read.',
    paused:
      'The payments cannot be read: the company has no API package (KROS answered “payment required”). The company’s administrator can activate it in the subscription settings in KROS.',
  },
  refused: {
    'not-found':
      'KROS does not give the add-on this company’s list of payments (it answered “not found”), so they cannot be shown here.',
    forbidden:
      'KROS does not allow the add-on to read this company’s payments (it answered “forbidden”), so they cannot be shown here. The company’s administrator sets permissions in KROS.',
  },
  off: 'Payments are shown from the add-on’s copy of the company’s data, which this add-on does not keep (synchronization is off).',
  export: {
    hint: 'Every payment matching the filters and the search, in the list’s order.',
    fileName: 'payments',
    sheet: 'Payments',
    columns: {
      date: 'Payment date',
      amount: 'Amount',
      currency: 'Currency',
      account: 'Account',
      accountIban: 'Account IBAN',
      partner: 'Partner',
      iban: 'Partner IBAN',
      variableSymbol: 'Variable symbol',
      reference: 'Reference',
      documents: 'Documents paid',
      externalId: 'External ID',
    },
    totals: {
      all: 'Total: {count}',
      currency: 'Total in {currency}: {count}',
      noCurrency: 'Total without a currency: {count}',
    },
  },
  accounts: {
    title: 'Accounts',
    intro:
      'The company’s bank accounts and cash desks as KROS lists them, with the count and sum of their payments in the chosen period. The sums come from the add-on’s copy of the company’s payments, in the payments’ currency.',
    backToPayments: '← Payments',
    period: 'Period',
    from: 'From',
    to: 'To',
    show: 'Show',
    thisMonth: 'This month',
    previousMonth: '← Previous month',
    nextMonth: 'Next month →',
    invalid: 'The period has an invalid value: {fields}. Nothing was loaded.',
    invalidHint: 'Enter days as yyyy-mm-dd; the period must not start after it ends.',
    caption: 'Accounts and their payments from {from} to {to}',
    columns: {
      name: 'Account',
      kind: 'Kind',
      iban: 'IBAN',
      currency: 'Account currency',
      count: 'Payments',
      sum: 'Sum of payments',
    },
    kinds: { bank: 'Bank account', cash: 'Cash desk', unknown: 'Not stated' },
    showPayments: 'Payments of {name} in this period',
    noPayments: 'None',
    none: 'KROS lists no accounts for this company.',
    notMirrored:
      'The list of accounts is not here yet: it is read from KROS with the copy’s next update (or KROS does not give it to the add-on).',
    unlisted: 'Payments with an account the list of accounts does not name',
    all: 'All accounts together',
    sumsPreparing: 'The sums come once all the company’s payments are copied ({count} read so far).',
  },
  overview: {
    sectionLabel: 'Money and stock',
    receivedThisMonth: 'Received this month',
    receivedNote: 'Payments recorded with an account, dated this month.',
    nothingReceived: 'No payment this month yet.',
  },
};
