import 'server-only';

import { notFound, unstable_rethrow } from 'next/navigation';

import { IMPORT_KINDS } from '@/lib/base/imports/states';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { deliveryNoteForPage, expenseForPage, invoiceForPage } from '@/lib/features/documents/detail-pages';
import { importOfKind } from '@/lib/features/imports/import-page-parts';
import { IMPORT_SECTIONS } from '@/lib/features/imports/import-paths';
import { isUnknownPartner } from '@/lib/features/partners/pages';
import { int64IdOf, uuidOf } from '@/lib/service/ids';

/**
 * Not found answers 404, streamed pages included. A page's status is fixed by the first byte, and every company page
 * renders inside a loading boundary (app/companies/[tenantId]/loading.tsx and the lists'), whose skeleton is that
 * first byte: a page's own notFound() then comes too late and streams the not-found view under 200. The company's
 * layout is the last thing rendered before it, so the layout asks here whether the record the page's address names
 * exists (an import, a document, a partner), on a page's own request, and a missing one is notFound() there, before
 * anything streams. The page then loads it again through the same once-per-request loads and shows it. A client-side
 * navigation does not render the layout again; there the page's own not-found view is what the user sees (a status
 * means nothing to it). Any other failure of the look-up is left for the page, which shows it in its place.
 */

type Check = (company: CompanyPage, tenantId: string, name: string) => Promise<boolean>;

/** Whether a document load ended in the service's 404: the loads throw notFound() for it (lib/doors/company/page-load.ts). */
const documentCheck =
  (idOf: (value: string) => string | null, load: (tenantId: string, id: string) => Promise<unknown>): Check =>
  async (_company, tenantId, given) => {
    const id = idOf(given);
    // An id that cannot name a document: the proxy answers 404 already.
    if (id !== null) await load(tenantId, id);
    return true;
  };

/** The records a company page's address names, by the page's path below the company (`invoices/42`). */
const checks: readonly { pattern: RegExp; exists: Check }[] = [
  // An import's page, under its kind's section.
  ...IMPORT_KINDS.map((kind) => ({
    pattern: new RegExp(`^${IMPORT_SECTIONS[kind]}/import/([^/]+)$`),
    exists: (async (company, _t, id) => (await importOfKind(company, id, kind)) !== null) satisfies Check,
  })),
  { pattern: /^invoices\/([^/]+)$/, exists: documentCheck(int64IdOf, invoiceForPage) },
  { pattern: /^delivery-notes\/([^/]+)$/, exists: documentCheck(int64IdOf, deliveryNoteForPage) },
  { pattern: /^expenses\/([^/]+)$/, exists: documentCheck(uuidOf, expenseForPage) },
  {
    pattern: /^partners\/([^/]+)$/,
    exists: async (company, _t, key) => !(await isUnknownPartner(company, key)),
  },
];

/** The company and the record's name `path` addresses (a page's own path, from PAGE_PATH_HEADER), if it names one. */
function addressedRecordOf(path: string | null): { tenantId: string; name: string; exists: Check } | null {
  const company = path === null ? null : /^\/companies\/([^/]+)\/(.+)$/.exec(path);
  if (!company) return null;
  for (const { pattern, exists } of checks) {
    const name = pattern.exec(company[2]!)?.[1];
    if (name !== undefined) return { tenantId: decodeURIComponent(company[1]!), name, exists };
  }
  return null;
}

/**
 * The company whose record `path` names, or null: the root's not-found page, where a missing record's 404 lands (a
 * layout's notFound() is answered by the segment above it), tells it as the company's "document not found".
 */
export function companyOfRecordAddress(path: string | null): string | null {
  return addressedRecordOf(path)?.tenantId ?? null;
}

/** The company page's record named by `path` (the page's own, from PAGE_PATH_HEADER), or notFound() when none. */
export async function requireAddressedRecord(company: CompanyPage, path: string | null): Promise<void> {
  const record = addressedRecordOf(path);
  if (record === null || record.tenantId !== company.scope.tenantId) return;
  let found = true;
  try {
    found = await record.exists(company, company.scope.tenantId, decodeURIComponent(record.name));
  } catch (error) {
    // notFound() from a load; anything else is the page's to show.
    unstable_rethrow(error);
  }
  if (!found) notFound();
}
