import { describe, expect, it } from 'vitest';

import { documentTexts } from '@/lib/base/i18n/documents';
import { contentDisposition } from '@/lib/doors/company/file-answer';
import { reportFileName } from '@/lib/features/documents/downloads';
import { exportFileName } from '@/lib/features/documents/export/file-name';
import { exportHrefs } from '@/lib/features/documents/export/links';
import { parseListView } from '@/lib/service/records/list-view';

/**
 * An export's file name says what it is (the list, the company, the day) in plain ASCII for old parsers and in UTF-8
 * for the rest, and nothing in a company's name can reach outside it; the export links carry the list's view.
 */
describe('the name of an exported list', () => {
  const day = '2026-11-24';

  it('is the list, the company’s name and the day, in ASCII and in UTF-8', () => {
    expect(
      exportFileName('invoices', 'csv', documentTexts.sk, { name: 'Firma s.r.o.', tenantId: '10001' }, day),
    ).toEqual({ ascii: 'faktury-Firma-s-r-o-2026-11-24.csv', unicode: 'faktúry-Firma s.r.o.-2026-11-24.csv' });
    expect(
      exportFileName('deliveryNotes', 'xlsx', documentTexts.en, { name: 'Žitná a.s.', tenantId: '1' }, day),
    ).toEqual({
      ascii: 'delivery-notes-Zitna-a-s-2026-11-24.xlsx',
      unicode: 'delivery-notes-Žitná a.s.-2026-11-24.xlsx',
    });
  });

  it('falls back to the tenant id when the name is unknown or has nothing left', () => {
    const sk = documentTexts.sk;
    expect(exportFileName('expenses', 'csv', sk, { name: null, tenantId: '10001' }, day).ascii).toBe(
      'naklady-10001-2026-11-24.csv',
    );
    expect(exportFileName('expenses', 'csv', sk, { name: '„“ ✓', tenantId: '10001' }, day).ascii).toBe(
      'naklady-10001-2026-11-24.csv',
    );
  });

  it('keeps paths, quotes, control and bidi characters out of both names and the header', () => {
    const evil = '../..\\etc/"passwd"\r\n\u202Egpj.exe\u0000';
    const { ascii, unicode } = exportFileName('invoices', 'csv', documentTexts.sk, { name: evil, tenantId: '1' }, day);
    expect(ascii).toBe('faktury-etc-passwd-gpj-exe-2026-11-24.csv');
    expect(unicode).not.toMatch(/[/\\"\r\n\u202E\u0000]/);
    const header = contentDisposition('attachment', ascii, unicode);
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
  });

  it('encodes the UTF-8 name as RFC 5987 allows (’ ( ) * percent-encoded too)', () => {
    expect(contentDisposition('attachment', 'a.csv', "faktúry-O'Neil (SK)*.csv")).toBe(
      `attachment; filename="a.csv"; filename*=UTF-8''fakt%C3%BAry-O%27Neil%20%28SK%29%2A.csv`,
    );
  });
});

describe('the export links of a list view', () => {
  it('carry its search, filters and sort, not its page', () => {
    const view = parseListView('invoices', { q: 'hruška', PaymentStatus: '0', sort: '-total', Top: '50', Skip: '100' });
    expect(exportHrefs('/companies/10001/invoices', view)).toEqual({
      csv: '/companies/10001/invoices/export.csv?q=hru%C5%A1ka&PaymentStatus=0&sort=-total',
      xlsx: '/companies/10001/invoices/export.xlsx?q=hru%C5%A1ka&PaymentStatus=0&sort=-total',
    });
    expect(exportHrefs('/companies/10001/expenses', parseListView('expenses', {})).csv).toBe(
      '/companies/10001/expenses/export.csv',
    );
  });
});

describe('the name of a downloaded PDF', () => {
  const words = (
    locale: 'sk' | 'en',
    reportId: '17' | '19' | '101',
    kind: 'invoices' | 'deliveryNotes' = 'invoices',
  ) => ({
    document: documentTexts[locale].reports.fileNames[kind],
    variant: documentTexts[locale].reports[reportId],
  });

  it('says the document, its number and the variant in the reader’s language', () => {
    expect(reportFileName(words('sk', '19'), 'FA2026000206', '17')).toEqual({
      ascii: 'faktura-FA2026000206-farebne.pdf',
      unicode: 'faktúra-FA2026000206-farebné.pdf',
    });
    expect(reportFileName(words('en', '17'), 'FA2026000206', '17')).toEqual({
      ascii: 'invoice-FA2026000206-black-and-white.pdf',
      unicode: 'invoice-FA2026000206-black and white.pdf',
    });
    expect(reportFileName(words('sk', '101', 'deliveryNotes'), null, '4711')).toEqual({
      ascii: 'dodaci-list-4711-upravitelne.pdf',
      unicode: 'dodací list-4711-upraviteľné.pdf',
    });
  });

  it('keeps paths, quotes, control and bidi characters of the number out of both names', () => {
    const { ascii, unicode } = reportFileName(words('sk', '17'), '../OF/2026 "001"\r\n\u202Eexe', '9');
    expect(ascii).toMatch(/^faktura-[A-Za-z0-9._-]+-ciernobiele\.pdf$/);
    expect(unicode).not.toMatch(/[/\\"\r\n\u202E]/);
    expect(unicode).toMatch(/^faktúra-.+-čiernobiele\.pdf$/);
  });
});
