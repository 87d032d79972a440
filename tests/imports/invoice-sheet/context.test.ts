import { beforeAll, describe, expect, it } from 'vitest';

import { loadInvoiceContext } from '@/lib/features/imports/invoices/context';
import { readInvoiceSheet } from '@/lib/features/imports/invoices/sheet';
import { invoiceLinesOf } from '@/lib/features/imports/invoices/validate';
import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { documentRow } from '@/lib/owners/mirror/document-row';
import { upsertDocuments } from '@/lib/owners/mirror/documents';
import { mirrorReference } from '@/lib/platform/db/schema';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

import { PLUGIN_ID } from '../../support/broker';
import { databaseKinds, testDatabaseDuringTests } from '../../support/databases';
import { csvBytes, itemRow, table } from './sheets';

/**
 * What a sheet is checked against, read from the company's mirror as a sync wrote it, on each database: the company's
 * sequences of regular invoices (the default marked), the numbers its invoices have (by sequence), the partners they
 * name, and its today; another company's never.
 */
const company: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'invoice-sheet' };
const other: MirrorCompany = { pluginId: PLUGIN_ID, tenantId: 'invoice-sheet-other' };

/** The numbering sequences as the sandbox lists them (GET /api/numberingSequences). */
const sequences = [
  { id: 11, name: 'Faktúry', code: 'OF', evidence: 'invoices', documentType: 0, isDefault: true },
  { id: 12, name: 'Zálohové faktúry', code: 'ZF', evidence: 'invoices', documentType: 2, isDefault: false },
  { id: 13, name: 'Dobropisy', code: 'DB', evidence: 'invoices', documentType: 1, isDefault: false },
  { id: 14, name: 'Faktúry z e-shopu', code: 'EF', evidence: 'invoices', documentType: 0, isDefault: false },
  { id: 15, name: 'Dodacie listy', code: 'DL', evidence: 'deliveryNotes', documentType: null, isDefault: true },
];

const invoice = (
  id: number,
  number: string,
  sequence: string,
  partner: { name: string; ico?: string; email?: string },
) =>
  documentRow(
    'invoices',
    invoiceSchema.parse({
      id,
      documentNumber: number,
      numberingSequence: sequence,
      invoiceType: 0,
      partner: {
        address: { businessName: partner.name },
        registrationId: partner.ico ?? null,
        email: partner.email ?? null,
      },
      issueDate: '2026-03-01T00:00:00',
      lastModifiedTimestamp: '2026-03-01T08:00:00',
      paymentStatus: 0,
      prices: { currency: 'EUR', documentPrices: { totalPriceInclVat: 10 } },
    }),
  );

describe.each(databaseKinds)('an invoice sheet’s context from the mirror on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);

  beforeAll(async () => {
    const { db } = database;
    await db.insert(mirrorReference).values({ ...company, kind: 'numberingSequences', data: sequences });
    await db.insert(mirrorReference).values({ ...other, kind: 'numberingSequences', data: [{ id: 1, code: 'XX' }] });
    await upsertDocuments(db, company, [
      invoice(501, 'OF2026000101', 'OF', { name: 'Obchod Hruška s.r.o.', ico: '36123456' }),
      invoice(502, 'EF2026000001', 'EF', { name: 'Jana Nováková', email: 'Jana@Example.sk' }),
      invoice(503, 'OF2026000102', 'OF', { name: 'Obchod Hruška s.r.o.', ico: '36123456' }),
    ]);
    await upsertDocuments(db, other, [invoice(601, 'OF2026000103', 'OF', { name: 'Cudzí', ico: '11111111' })]);
  });

  it('has the company’s sequences of regular invoices, the numbers it has, its partners and its today', async () => {
    const context = await loadInvoiceContext(database.db, company, new Date('2026-11-27T23:30:00Z'));
    expect(context).toEqual({
      numberingSequences: ['OF', 'EF'],
      defaultSequence: 'OF',
      existing: new Map([
        ['OF\u0000OF2026000101', { id: '501' }],
        ['EF\u0000EF2026000001', { id: '502' }],
        ['OF\u0000OF2026000102', { id: '503' }],
      ]),
      partners: expect.arrayContaining([
        { name: 'Obchod Hruška s.r.o.', registrationId: '36123456', email: null },
        { name: 'Jana Nováková', registrationId: null, email: 'jana@example.sk' },
      ]) as unknown,
      // Bratislava is an hour ahead: already the 28th.
      today: '2026-11-28',
    });
    expect(context.partners).toHaveLength(2);
  });

  it('is what a sheet is checked by: a sequence it lacks, a number it has, a partner it knows otherwise', async () => {
    const context = await loadInvoiceContext(database.db, company);
    const sheet = await readInvoiceSheet(
      csvBytes(
        table([
          itemRow({ documentNumber: 'OF2026000101' }),
          itemRow({ documentNumber: 'ZF2026000001', numberingSequence: 'ZF' }),
          itemRow({
            documentNumber: 'OF2026000200',
            'partner.businessName': 'Jana Nováková',
            'partner.registrationId': '',
            'partner.taxId': '',
            'partner.vatId': '',
            'partner.email': 'jana.novakova@example.sk',
          }),
        ]),
      ),
      'f.csv',
    );
    const draft = invoiceLinesOf(sheet, context);
    expect(draft.lines.map((line) => [line.state, line.display?.exists, line.problems?.map((p) => p.code)])).toEqual([
      ['ready', { id: '501' }, []],
      ['invalid', null, ['numbering-sequence']],
      ['ready', null, []],
    ]);
    expect(draft.partnerWarnings).toEqual([
      {
        code: 'person-with-other-email',
        name: 'Jana Nováková',
        values: ['jana.novakova@example.sk', 'jana@example.sk'],
        rows: [4],
        known: true,
      },
    ]);
  });

  it('knows no sequence of a company whose list was never mirrored, so checks none', async () => {
    const context = await loadInvoiceContext(database.db, { pluginId: PLUGIN_ID, tenantId: 'never-synced' });
    expect(context).toMatchObject({ numberingSequences: [], defaultSequence: null, existing: new Map(), partners: [] });
  });
});
