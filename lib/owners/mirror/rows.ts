import 'server-only';

import { and, eq, type SQL } from 'drizzle-orm';

import {
  mirrorCatalogItems,
  mirrorCompanies,
  mirrorDocuments,
  mirrorPayments,
  mirrorReference,
} from '@/lib/platform/db/schema';

import type { MirrorCompany } from './company';
import type { DocumentKind } from './kinds';

/** The company's sync state row. */
export function companyRow(company: MirrorCompany): SQL {
  return and(eq(mirrorCompanies.pluginId, company.pluginId), eq(mirrorCompanies.tenantId, company.tenantId))!;
}

/** The company's mirrored documents, of one kind or of all. */
export function documentsOf(company: MirrorCompany, kind?: DocumentKind): SQL {
  return and(
    eq(mirrorDocuments.pluginId, company.pluginId),
    eq(mirrorDocuments.tenantId, company.tenantId),
    kind === undefined ? undefined : eq(mirrorDocuments.kind, kind),
  )!;
}

/** The company's reference lists. */
export function referenceOf(company: MirrorCompany): SQL {
  return and(eq(mirrorReference.pluginId, company.pluginId), eq(mirrorReference.tenantId, company.tenantId))!;
}

/** The company's mirrored payments. */
export function paymentsOf(company: MirrorCompany): SQL {
  return and(eq(mirrorPayments.pluginId, company.pluginId), eq(mirrorPayments.tenantId, company.tenantId))!;
}

/** The company's mirrored catalog items. */
export function catalogItemsOf(company: MirrorCompany): SQL {
  return and(eq(mirrorCatalogItems.pluginId, company.pluginId), eq(mirrorCatalogItems.tenantId, company.tenantId))!;
}

/** The company's rows in the tables of its copy beside its documents and state row: what a purge erases with them. */
export function besideDocuments(company: MirrorCompany) {
  return [
    { table: mirrorReference, rows: referenceOf(company) },
    { table: mirrorPayments, rows: paymentsOf(company) },
    { table: mirrorCatalogItems, rows: catalogItemsOf(company) },
  ];
}
