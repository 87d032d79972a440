import { describe, expect, it } from 'vitest';

import { documentRow } from '@/lib/owners/mirror/document-row';
import { failureOutcome, PAUSED_RETRY_MS } from '@/lib/owners/mirror/failures';
import { planSync } from '@/lib/owners/mirror/plan';
import { foldForSearch } from '@/lib/owners/mirror/search-text';
import { laterTimestamp, overlapStart } from '@/lib/owners/mirror/timestamps';
import { DataApiError } from '@/lib/service/errors';
import { expenseSchema } from '@/lib/service/schemas/expense';
import { invoiceSchema } from '@/lib/service/schemas/invoice';

/** The mirror's pure readings: a record's row, the search text, timestamps, the plan of a sync, a failure's outcome. */

/** An invoice as the service writes it, and as the schema reads it. */
const wire = {
  id: '900123',
  documentNumber: 'OF2026000117',
  variableSymbol: '2026000117',
  orderNumber: 'OBJ-77',
  partner: {
    address: { businessName: '  Ovocie Hruška, s.r.o. ', contactName: 'Ľubomír Šťastný' },
    registrationId: '12345678',
    taxId: '2020123456',
    vatId: 'SK2020123456',
  },
  issueDate: '2026-07-22T00:00:00',
  dueDate: '2026-08-05T00:00:00',
  lastModifiedTimestamp: '2026-07-22T10:15:30.12',
  paymentStatus: 3,
  prices: {
    currency: 'CZK',
    documentPrices: { totalPrice: 1000, totalPriceInclVat: 1210.5 },
    legislativePrices: { totalPrice: 40.12, totalPriceInclVat: 48.55 },
  },
  items: [{ name: 'Jablká ČERVENÉ', itemCode: 'JAB-01' }],
};
const invoice = invoiceSchema.parse(wire);

describe('a mirrored record’s row', () => {
  it('copies number, calendar days, partner, EUR totals beside the document’s currency, payment status', () => {
    expect(documentRow('invoices', invoice)).toMatchObject({
      kind: 'invoices',
      id: '900123',
      documentNumber: 'OF2026000117',
      issueDate: '2026-07-22',
      dueDate: '2026-08-05',
      partnerName: 'Ovocie Hruška, s.r.o.',
      partnerIds: '12345678 2020123456 SK2020123456',
      currency: 'CZK',
      totalExclVat: '40.12',
      totalInclVat: '48.55',
      totalInclVatCurrency: '1210.5',
      paymentStatus: 3,
      lastModified: '2026-07-22T10:15:30.12',
      // The record as the service wrote it: its amounts JSON numbers again (the id, read as a number, stays one).
      record: { ...wire, id: 900123 },
    });
  });

  it('is found by number, symbols, partner and line texts, lower-cased and without diacritics', () => {
    const { searchText } = documentRow('invoices', invoice);
    for (const part of ['of2026000117', '2026000117', 'obj-77', 'ovocie hruska, s.r.o.', 'lubomir stastny']) {
      expect(searchText).toContain(part);
    }
    for (const part of ['sk2020123456', 'jablka cervene', 'jab-01']) expect(searchText).toContain(part);
    expect(foldForSearch('ŽLŤOUČKÝ Kôň')).toBe('zltoucky kon');
  });

  it('leaves out what a record does not carry (an internal expense has no partner, no prices)', () => {
    const expense = expenseSchema.parse({ id: 'b5b2c2c6-7e1f-4c57-9a0b-4a5f0d0c1a11', documentNumber: 'ID-1' });
    expect(documentRow('expenses', expense)).toMatchObject({
      id: 'b5b2c2c6-7e1f-4c57-9a0b-4a5f0d0c1a11',
      issueDate: null,
      dueDate: null,
      partnerName: null,
      partnerIds: null,
      currency: null,
      totalInclVat: null,
      paymentStatus: null,
      searchText: 'id-1',
    });
  });
});

describe('the cursor of an incremental sync', () => {
  it('starts 5 minutes before the newest change seen, as LastModifiedTimestamp takes it', () => {
    expect(overlapStart('2026-07-22T10:15:30.12')).toBe('2026-07-22T10:10:30');
    expect(overlapStart('2026-01-01T00:02:00')).toBe('2025-12-31T23:57:00');
    expect(overlapStart('yesterday')).toBeUndefined();
  });

  it('keeps the later of two timestamps, whatever their fractions, and never one it cannot read', () => {
    expect(laterTimestamp('2026-07-22T10:15:30.5', '2026-07-22T10:15:30.12')).toBe('2026-07-22T10:15:30.5');
    expect(laterTimestamp('2026-07-22T10:15:30', '2026-07-22T10:15:31')).toBe('2026-07-22T10:15:31');
    expect(laterTimestamp(undefined, '2026-07-22T10:15:30')).toBe('2026-07-22T10:15:30');
    expect(laterTimestamp('2026-07-22T10:15:30', 'garbage')).toBe('2026-07-22T10:15:30');
    expect(laterTimestamp(undefined, null)).toBeUndefined();
  });
});

describe('what a sync does', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('is a full sync, whatever was asked, until one has ended', () => {
    for (const mode of ['auto', 'full', 'incremental', 'reconcile'] as const) {
      expect(planSync(mode, { fullSyncedAt: null, reconciledAt: null }, now)).toEqual(['full']);
    }
  });

  it('then, on ‘auto’, incremental, with a reconciliation when the last one is a day old', () => {
    expect(planSync('auto', { fullSyncedAt: hoursAgo(30), reconciledAt: hoursAgo(23) }, now)).toEqual(['incremental']);
    expect(planSync('auto', { fullSyncedAt: hoursAgo(30), reconciledAt: hoursAgo(24) }, now)).toEqual([
      'incremental',
      'reconcile',
    ]);
    expect(planSync('reconcile', { fullSyncedAt: hoursAgo(30), reconciledAt: hoursAgo(1) }, now)).toEqual([
      'reconcile',
    ]);
  });

  it('on a “full” resync, reads everything again and then removes what the service no longer lists', () => {
    expect(planSync('full', { fullSyncedAt: hoursAgo(30), reconciledAt: hoursAgo(1) }, now)).toEqual([
      'full',
      'reconcile',
    ]);
  });
});

describe('a failed sync', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('stops on a refused token or none left, pauses without the API package, and is not retried', () => {
    expect(failureOutcome(new DataApiError('unauthorized'), true, now)).toEqual({
      status: 'stopped',
      kind: 'unauthorized',
      nextTryAt: null,
      retry: false,
    });
    expect(failureOutcome(new DataApiError('not-connected'), true, now)).toMatchObject({ status: 'stopped' });
    expect(failureOutcome(new DataApiError('payment-required'), false, now)).toEqual({
      status: 'paused',
      kind: 'payment-required',
      nextTryAt: new Date(now.getTime() + PAUSED_RETRY_MS),
      retry: false,
    });
  });

  it('is retried otherwise, the mirror keeping its state, and says when (a busy service’s retry-after counts)', () => {
    expect(failureOutcome(new DataApiError('busy', { retryAfterSeconds: 90 }), true, now)).toEqual({
      status: 'ready',
      kind: 'busy',
      nextTryAt: new Date(now.getTime() + 90_000),
      retry: true,
    });
    expect(failureOutcome(new Error('boom'), false, now)).toMatchObject({
      status: 'never',
      kind: 'internal',
      retry: true,
    });
  });
});
