import { foldForSearch } from './search-text';

/**
 * One key per partner the company's documents name: its IČO where the document gives one (digits only, so "36 123
 * 456" and "36123456" are one partner), else its name folded (case, diacritics, punctuation and spacing dropped, so
 * "Hruška, s.r.o." and "HRUSKA s. r. o." are one). Null when the document names neither. Pure; the key is what the
 * partner's statement address carries (lib/features/partners/queries/partners.ts).
 */
export function partnerKeyOf(
  registrationId: string | null | undefined,
  name: string | null | undefined,
): string | null {
  const ico = registrationId?.replace(/\s+/g, '') ?? '';
  if (/^\d{6,10}$/.test(ico)) return `ico:${ico}`;
  const folded = foldForSearch(name ?? '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return folded === '' ? null : `name:${folded.replace(/ /g, '')}`;
}
