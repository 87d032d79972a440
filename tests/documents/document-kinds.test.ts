import { existsSync, readdirSync } from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DOCUMENT_KINDS, type DocumentKind, kindOfSegment, segmentOf } from '@/lib/base/document-kinds';
import { messages } from '@/lib/base/i18n/messages';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { companyTabs } from '@/lib/doors/company/company-tabs';
import { backLink } from '@/lib/doors/company/failure-frame';
import { exportHrefs } from '@/lib/features/documents/export/links';
import { loadListPage } from '@/lib/features/documents/list-page';
import { reportLinks } from '@/lib/features/documents/report-links';
import { endpointFamily } from '@/lib/owners/ops/counters';
import { documentPath, uploadedKind } from '@/lib/owners/webhooks/present';
import { resetEnvForTests } from '@/lib/platform/env';
import { kindOfServiceCollection, REPORTED_KINDS, serviceCollectionOf } from '@/lib/service/document-paths';
import { isMalformedDocumentPage } from '@/lib/service/ids';
import { parseListView } from '@/lib/service/records/list-view';

/**
 * Which kind of document lives at which segment of a company's addresses is one map (lib/base/document-kinds.ts):
 * it reads both ways, it is where the app's folders are, and it is what every address of a kind is built from: the
 * lists (and the tabs to them), the exports, the way back from a failed file, the report links, a notification's
 * document. The service's own paths are a map of their own (lib/service/document-paths.ts).
 */

const TENANT = '10001';
const expected: Record<DocumentKind, string> = {
  invoices: 'invoices',
  expenses: 'expenses',
  deliveryNotes: 'delivery-notes',
};

describe('the kind ↔ segment map', () => {
  it('names each kind once and reads back both ways', () => {
    expect(DOCUMENT_KINDS.map(segmentOf)).toEqual(DOCUMENT_KINDS.map((kind) => expected[kind]));
    for (const kind of DOCUMENT_KINDS) expect(kindOfSegment(segmentOf(kind))).toBe(kind);
    expect(new Set(DOCUMENT_KINDS.map(segmentOf)).size).toBe(DOCUMENT_KINDS.length);
    for (const other of ['deliveryNotes', 'activity', 'connection', '', 'Invoices', 'constructor']) {
      expect(kindOfSegment(other)).toBeNull();
    }
  });

  it('is where the app keeps each kind’s pages, exports and (for those that have them) reports', () => {
    for (const kind of DOCUMENT_KINDS) {
      const folder = `app/companies/[tenantId]/${segmentOf(kind)}`;
      for (const file of ['page.tsx', '[id]/page.tsx', 'export.csv/route.ts', 'export.xlsx/route.ts']) {
        expect(existsSync(`${folder}/${file}`), `${folder}/${file}`).toBe(true);
      }
    }
    for (const kind of REPORTED_KINDS) {
      expect(existsSync(`app/companies/[tenantId]/${segmentOf(kind)}/[id]/reports/[reportId]/route.ts`)).toBe(true);
    }
  });

  it('keeps the service’s paths apart, reading both ways too', () => {
    for (const kind of DOCUMENT_KINDS) expect(kindOfServiceCollection(serviceCollectionOf(kind))).toBe(kind);
    expect(serviceCollectionOf('deliveryNotes')).toBe('delivery-notes');
    expect(kindOfServiceCollection('deliveryNotes')).toBeNull();
    expect(endpointFamily('GET /api/delivery-notes/{id}/reports/{reportId}')).toBe('delivery-notes');
  });
});

describe('the addresses built from it', () => {
  beforeAll(() => {
    process.env.MIRROR_SYNC = 'off';
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.MIRROR_SYNC;
    resetEnvForTests();
  });

  /** A company page whose data-API work always fails: the list's own addresses are what is looked at. */
  const company = {
    scope: { userId: 'jana', pluginId: 'plugin', tenantId: TENANT },
    viewNoted: Promise.resolve(),
    load: async () => ({ ok: false, problem: { kind: 'unavailable' } }),
  } as unknown as CompanyPage;

  it.each(DOCUMENT_KINDS)('the list of %s, its tab and its exports', async (kind) => {
    const page = await loadListPage(kind, company, {}, async () => []);
    expect(page.path).toBe(`/companies/${TENANT}/${expected[kind]}`);
    expect(companyTabs(TENANT, messages.en).map((tab) => tab.href)).toContain(page.path);
    const view = parseListView(kind, {});
    expect(exportHrefs(page.path, view).csv).toBe(`/companies/${TENANT}/${expected[kind]}/export.csv`);
  });

  it.each(DOCUMENT_KINDS)('the way back from a failed file or export of %s', (kind) => {
    expect(backLink(TENANT, { kind, documentId: '42', embedded: false }, 'en').href).toBe(
      `/companies/${TENANT}/${expected[kind]}/42`,
    );
    expect(backLink(TENANT, { kind, documentId: null, embedded: false }, 'en').href).toBe(
      `/companies/${TENANT}/${expected[kind]}`,
    );
    expect(isMalformedDocumentPage(`/companies/${TENANT}/${expected[kind]}/not-an-id`)).toBe(true);
  });

  it.each(DOCUMENT_KINDS)(
    'a page of its own beside the documents of %s (the invoice import form) is not read as a document’s id',
    (kind) => {
      const folder = new URL(`../../app/companies/[tenantId]/${expected[kind]}/`, import.meta.url);
      const pages = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
        .filter((entry) => existsSync(new URL(`${entry.name}/page.tsx`, folder)))
        .map((entry) => entry.name);
      for (const page of pages) {
        expect(isMalformedDocumentPage(`/companies/${TENANT}/${expected[kind]}/${page}`), page).toBe(false);
      }
      if (kind === 'invoices') expect(pages).toContain('import');
      // Only the kind's own pages: the same name under another kind is still no document's id.
      if (!pages.includes('import')) {
        expect(isMalformedDocumentPage(`/companies/${TENANT}/${expected[kind]}/import`)).toBe(true);
      }
    },
  );

  it.each(REPORTED_KINDS)('the report links of %s', (kind) => {
    const [first] = reportLinks(kind, TENANT, 7, 'FV-1');
    expect(first!.download).toBe(`/companies/${TENANT}/${expected[kind]}/7/reports/17?number=FV-1`);
    expect(first!.preview).toBe(`/companies/${TENANT}/${expected[kind]}/7/reports/17/preview`);
  });

  it('a notification’s document: the service’s path read, our address written', () => {
    const kind = uploadedKind('https://service.example/api/delivery-notes/{id}');
    expect(kind).toBe('deliveryNotes');
    expect(documentPath(TENANT, { id: '9', kind, documentNumber: null })).toBe(`/companies/${TENANT}/delivery-notes/9`);
    expect(uploadedKind('https://service.example/api/invoices/{id}')).toBe('invoices');
    expect(uploadedKind('https://service.example/api/expenses/{id}')).toBeNull();
  });
});
