import { type Country, pools, slug } from './people';
import type { Random } from './random';
import type { Address, BankAccount, Partner } from './types';

/** Valid check digits (ISO 13616 mod 97), so an add-on that validates IBANs accepts the sandbox's. */
export function ibanOf(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/**
 * A Slovak or Czech account number (10 digits) that passes its national check: the digits weighted 6, 3, 7, 9, 10, 5,
 * 8, 4, 2, 1 sum to a multiple of 11 (what banks and ibantools check beside the IBAN's own check digits). Draws the
 * same from the stream as ten random digits, so the rest of the data stays as it was.
 */
export function accountNumber(random: Random): string {
  const digits = random.digits(10).slice(0, 9).split('').map(Number);
  const weights = [6, 3, 7, 9, 10, 5, 8, 4, 2];
  const remainder = () => digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 11;
  // A remainder of 1 would need a check digit of 10: move the ninth digit on, which changes the sum by 2 (or 18).
  if (remainder() === 1) digits[8] = (digits[8]! + 1) % 10;
  const rest = remainder();
  return `${digits.join('')}${rest === 0 ? 0 : 11 - rest}`;
}

const SK_BANKS = [
  { code: '1100', swift: 'TATRSKBX', name: 'Tatra banka, a.s.' },
  { code: '0900', swift: 'GIBASKBX', name: 'Slovenská sporiteľňa, a.s.' },
  { code: '0200', swift: 'SUBASKBX', name: 'Všeobecná úverová banka, a.s.' },
  { code: '7500', swift: 'CEKOSKBX', name: 'Československá obchodná banka, a.s.' },
  { code: '8330', swift: 'FIOZSKBA', name: 'Fio banka, a.s.' },
] as const;

export function bankAccount(random: Random): BankAccount {
  const bank = random.pick(SK_BANKS);
  return { iban: ibanOf('SK', `${bank.code}000000${accountNumber(random)}`), swift: bank.swift, bankName: bank.name };
}

/** A payer's account for incoming payments: Slovak or Czech. */
export function payerIban(random: Random, country: string): string {
  if (country === 'CZ') return ibanOf('CZ', `0800000019${accountNumber(random)}`);
  return ibanOf('SK', `${random.pick(SK_BANKS).code}000000${accountNumber(random)}`);
}

function ids(random: Random, country: Country, legal: boolean, vatPayer: boolean) {
  if (!legal) return { registrationId: null, taxId: null, vatId: null };
  switch (country) {
    case 'SK': {
      const taxId = `20${random.digits(8)}`;
      return { registrationId: random.digits(8), taxId, vatId: vatPayer ? `SK${taxId}` : null };
    }
    case 'CZ': {
      const registrationId = random.digits(8);
      return { registrationId, taxId: `CZ${registrationId}`, vatId: vatPayer ? `CZ${registrationId}` : null };
    }
    case 'HU': {
      const base = random.digits(8);
      return { registrationId: `01-09-${random.digits(6)}`, taxId: `${base}-2-42`, vatId: `HU${base}` };
    }
    case 'AT':
      return { registrationId: `FN ${random.digits(6)}a`, taxId: null, vatId: `ATU${random.digits(8)}` };
    case 'DE':
      return { registrationId: `HRB ${random.digits(5)}`, taxId: null, vatId: `DE${random.digits(9)}` };
    case 'US':
      return { registrationId: null, taxId: `${random.digits(2)}-${random.digits(7)}`, vatId: null };
  }
}

const LEGAL_FORM = /,?\s+(s\.r\.o\.|a\.s\.|spol\. s r\.o\.|Kft\.|Zrt\.|GmbH.*|LLC|Inc\.)$/;

export interface PartnerOptions {
  country?: Country;
  /** A natural person (no company ids, matched by name and e-mail by the service). */
  person?: boolean;
  /** A fixed business name, e.g. a well-known supplier. */
  businessName?: string;
}

export function generatePartner(random: Random, options: PartnerOptions = {}): Partner {
  const country =
    options.country ??
    random.weighted<Country>([
      ['SK', 74],
      ['CZ', 11],
      ['HU', 5],
      ['AT', 5],
      ['DE', 3],
      ['US', 2],
    ]);
  const pool = pools[country];
  const female = random.chance(0.5);
  const gender = female ? 1 : 0;
  const contactName = `${random.pick(pool.firstNames)[gender]} ${random.pick(pool.surnames)[gender]}`;
  const person = options.person ?? false;
  const words = options.businessName ?? random.pick(pool.companyWords);
  const businessName = options.businessName ?? (person ? contactName : `${words} ${random.pick(pool.legalForms)}`);
  const place = random.pick(pool.places);
  const address: Address = {
    businessName,
    contactName,
    street: `${random.pick(pool.streets)} ${random.int(1, 120)}${random.chance(0.2) ? `/${random.int(1, 30)}` : ''}`,
    postCode: place.postCode,
    city: place.city,
    country,
  };
  // A fifth of the companies receive their mail elsewhere (a P.O. box or the owner's office).
  const postalAddress: Address | null =
    person && random.chance(0.5)
      ? null
      : random.chance(0.2)
        ? { ...address, street: `P. O. Box ${random.int(10, 999)}`, contactName: null }
        : { ...address };
  // Without the legal form: `info@gastro-tatry`, not `info@gastro-tatry-s-r-o`.
  const local = person
    ? slug(contactName).replace('-', '.')
    : `info.${slug(words.replace(LEGAL_FORM, '')).slice(0, 24).replace(/-$/, '')}`;
  return {
    address,
    postalAddress,
    ...ids(random, country, !person, random.chance(0.75)),
    phoneNumber: random.chance(0.85) ? pool.phone(random.digits) : null,
    email: random.chance(0.9) ? `${local}@${pool.domain}` : null,
  };
}
