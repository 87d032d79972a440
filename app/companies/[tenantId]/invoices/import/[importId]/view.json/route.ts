import { invoiceImportView } from '@/lib/doors/company/invoice-import';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');

/**
 * The invoice import's JSON view (contract.md, "Uploads"): `GET /companies/{tenantId}/invoices/import/{importId}` with
 * `Accept: application/json` reaches here by the proxy's rewrite. Problems in the user's language (Accept-Language).
 * The session's company only (403 before any work); another company's or an unknown import: 404.
 */
export const GET = invoiceImportView;
