import { findCompany } from '../directory';
import { accountNumber, bankAccount, generatePartner, ibanOf } from './generate-partner';
import { createRandom } from './random';
import { type Theme, themeFor } from './themes';
import type { BankAccount, Partner, PaymentAccount } from './types';

export interface SequenceSet {
  regular: string;
  advance: string;
  credit: string;
  /** A second sequence for regular invoices from the e-shop, when the company has one. */
  eshop: string | null;
  delivery: readonly string[];
}

/** Codes of at most 5 characters, as the NumberingSequence filter allows; companies use different sets. */
const SEQUENCE_SETS: readonly SequenceSet[] = [
  { regular: 'OF', advance: 'ZF', credit: 'DOB', eshop: 'OFE', delivery: ['DL'] },
  { regular: 'FA', advance: 'ZAL', credit: 'OD', eshop: null, delivery: ['DL', 'DLV'] },
  { regular: 'FV', advance: 'ZFV', credit: 'DOBV', eshop: 'ESHOP', delivery: ['DOD'] },
];

/** One sequence per expense document type, the same for every company (the service pre-creates them). */
export const EXPENSE_SEQUENCES: Readonly<Record<number, readonly [string, string]>> = {
  10: ['DF', 'Došlé faktúry'],
  11: ['PD', 'Pokladničné doklady'],
  13: ['ID', 'Interné doklady'],
  14: ['BU', 'Bankové upozornenia'],
  15: ['PZF', 'Prijaté zálohové faktúry'],
  17: ['PDOB', 'Prijaté dobropisy'],
  19: ['PTV', 'Prijaté ťarchopisy'],
};

export interface CompanyProfile {
  tenantId: string;
  name: string;
  theme: Theme;
  sequences: SequenceSet;
  ownBank: BankAccount;
  customers: Partner[];
  accounts: PaymentAccount[];
}

export function createProfile(tenantId: string): CompanyProfile {
  const random = createRandom(`${tenantId}/profile`);
  const theme = themeFor(tenantId, (keys) => random.pick(keys));
  const sequences = random.pick(SEQUENCE_SETS);
  const ownBank = bankAccount(random);
  const customerCount = 40 + random.int(0, 25);
  const customers = Array.from({ length: customerCount }, () =>
    random.chance(0.25)
      ? generatePartner(random, { country: random.chance(0.85) ? 'SK' : 'CZ', person: true })
      : generatePartner(random),
  );

  let accountId = random.int(100, 900);
  const accounts: PaymentAccount[] = [
    {
      id: accountId,
      name: `Bežný účet ${ownBank.bankName.split(',')[0]}`,
      iban: ownBank.iban,
      currency: 'EUR',
      type: 'bank',
    },
  ];
  if (random.chance(0.6)) {
    accounts.push({
      id: (accountId += random.int(1, 9)),
      name: 'Devízový účet CZK',
      iban: ibanOf('SK', `1100000000${accountNumber(random)}`),
      currency: 'CZK',
      type: 'bank',
    });
  }
  // Only some companies start with a cash account, so that "create a cash account if none exists" has work to do.
  if (random.chance(0.5)) {
    accounts.push({ id: (accountId += random.int(1, 9)), name: 'Pokladňa', iban: null, currency: 'EUR', type: 'cash' });
  }

  return {
    tenantId,
    name: findCompany(tenantId)?.name ?? `Firma ${tenantId} s.r.o.`,
    theme,
    sequences,
    ownBank,
    customers,
    accounts,
  };
}
