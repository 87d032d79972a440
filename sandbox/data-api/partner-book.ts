/**
 * The company's partners as uploads meet them (interface: partners are created from the uploaded document; legal
 * entities are matched by company id, tax id and VAT id, natural persons by name and e-mail, so inconsistent
 * natural-person data makes a second partner). The book is the company's customers; a document keeps the partner's
 * data as it was sent, with what it left out taken from the partner it matched.
 */
import type { CompanyData } from '../data/company-data';
import type { Address, Partner } from '../data/types';

const idOf = (value: string | null | undefined) => value?.replace(/\s+/g, '').toUpperCase() || null;
const textOf = (value: string | null | undefined) => value?.trim().toLowerCase() || null;

const isLegalEntity = (p: Partner) => Boolean(idOf(p.registrationId) || idOf(p.taxId) || idOf(p.vatId));
const nameOf = (p: Partner) => textOf(p.address.contactName) ?? textOf(p.address.businessName);

/** The partner of the book the uploaded one is, by the service's rule; undefined when it is a new one. */
export function matchPartner(book: readonly Partner[], partner: Partner): Partner | undefined {
  if (isLegalEntity(partner)) {
    const ids = (p: Partner) => [idOf(p.registrationId), idOf(p.taxId), idOf(p.vatId)] as const;
    const wanted = ids(partner);
    return book.find((known) => ids(known).some((id, i) => id !== null && id === wanted[i]));
  }
  const name = nameOf(partner);
  const email = textOf(partner.email);
  return book.find((known) => !isLegalEntity(known) && nameOf(known) === name && textOf(known.email) === email);
}

const filled = (sent: Address, known: Address): Address => ({
  businessName: sent.businessName ?? known.businessName,
  contactName: sent.contactName ?? known.contactName,
  street: sent.street || known.street,
  postCode: sent.postCode || known.postCode,
  city: sent.city || known.city,
  country: sent.country || known.country,
});

/**
 * The partner an uploaded document carries: matched in the company's book (what the upload left out filled from
 * there), or added to the book as a new partner.
 */
export function partnerOfUpload(company: CompanyData, sent: Partner): Partner {
  const book = company.profile.customers;
  const known = matchPartner(book, sent);
  if (!known) {
    book.push(sent);
    return sent;
  }
  return {
    address: filled(sent.address, known.address),
    postalAddress: sent.postalAddress ?? known.postalAddress,
    registrationId: sent.registrationId ?? known.registrationId,
    taxId: sent.taxId ?? known.taxId,
    vatId: sent.vatId ?? known.vatId,
    phoneNumber: sent.phoneNumber ?? known.phoneNumber,
    email: sent.email ?? known.email,
  };
}
