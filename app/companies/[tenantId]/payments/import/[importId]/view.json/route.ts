import { HttpError } from '@/lib/base/errors';
import { pickLocale } from '@/lib/base/i18n/messages';
import { companyRoute } from '@/lib/doors/company/route';
import { importViewIn, readImport } from '@/lib/owners/imports/view';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');

/**
 * The import's JSON view (contract.md, "Uploads"): `GET /companies/{tenantId}/payments/import/{importId}` with
 * `Accept: application/json` reaches here by the proxy's rewrite. Problems in the user's language (Accept-Language).
 * The session's company only (403 before any work); another company's, an invoices or an unknown import: 404, the one error shape.
 */
export const GET = companyRoute<{ tenantId: string; importId: string }>(
  { endpoint: 'company.import-view', json: true },
  async ({ request, params, read }) => {
    const detail = await read((db, scope) => readImport(db, scope, params.importId));
    if (!detail || detail.kind !== 'payments') throw new HttpError('not_found', 'import_not_found');
    const locale = pickLocale(request.headers.get('accept-language'));
    return Response.json(importViewIn(detail, locale), {
      headers: { 'Cache-Control': 'private, no-store', Vary: 'Accept, Accept-Language' },
    });
  },
);
