import 'server-only';

import { HttpError } from '@/lib/base/errors';
import { searchParamsOf } from '@/lib/base/http/search-params';
import type { FilePlace } from '@/lib/doors/company/failure-frame';
import { fileAddress } from '@/lib/doors/company/file-answer';
import type { CompanyRequest } from '@/lib/doors/company/route';
import { companyRoute } from '@/lib/doors/company/route';
import type { ExportFormat } from '@/lib/features/documents/export/export';
import { streamExport } from '@/lib/features/documents/export/stream';
import { mirrorReadiness } from '@/lib/features/documents/queries/across';
import { partnersExportFile, statementExportFile } from '@/lib/features/partners/export';
import { PARTNER_KINDS } from '@/lib/features/partners/pages';
import { statementPartner } from '@/lib/features/partners/queries/statement';
import { parsePartnersView, partnerKeyFromAddress } from '@/lib/features/partners/view';
import { listConnections } from '@/lib/owners/connections/states';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

/**
 * GET of the partners list's export (`…/partners/export.csv`, `.xlsx`, the list's own `q` and `sort`; `Top` and
 * `Skip` are ignored: every partner) and of a partner's statement (`…/partners/{partnerKey}/export.csv`, `.xlsx`).
 * As the document lists' exports (export-routes.ts): through the company's door (401, 403 before any work; a failure
 * answered with the company's page, the partners' tab current and the way back to them, or JSON for a script), an
 * invalid view or a key that cannot be one is refused (400, 404) with nothing read, then only from the company's
 * mirror: not kept or not ready is 409 `not_ready`, a copy the service's refusal stopped (or the user's own token
 * refused) 403 `connection_inactive`, a kind the service refuses 404; a partner none of the company's invoices and
 * expenses names is 404. At most two downloads of a session at once (429 with Retry-After), as every export.
 */

type Params = { tenantId: string; partnerKey?: string };

/** The failure page's place: the partners' section, and the way back to the list (or the statement). */
function placeOf(params: Params): FilePlace {
  const key = params.partnerKey === undefined ? null : partnerKeyFromAddress(params.partnerKey);
  return key === null
    ? { section: 'partners', back: (t) => t.partners.statement.back, embedded: false }
    : {
        section: 'partners',
        back: (t) => `← ${t.partners.statement.title}`,
        backTo: ['partners', key],
        embedded: false,
      };
}

/** The checks every partners' export makes of the company's copy before it reads it. */
async function servable(db: Db, { scope }: Pick<CompanyRequest<Params>, 'scope'>) {
  const mirror = mirrorCompanyOf(scope);
  const [[readiness], [connection]] = await Promise.all([
    mirrorReadiness(db, [mirror], PARTNER_KINDS),
    listConnections(db, { ...scope, tenantIds: [scope.tenantId] }),
  ]);
  if (readiness === 'stopped' || connection?.state !== 'connected') {
    throw new HttpError('connection_inactive', 'mirror_stopped');
  }
  if (readiness === 'refused') throw new HttpError('not_found', 'kind_refused');
  if (readiness !== 'ready') throw new HttpError('not_ready', 'mirror_not_ready');
  return { mirror, company: { name: connection.name, tenantId: scope.tenantId } };
}

export function partnersExport(format: ExportFormat) {
  return companyRoute<Params>({ endpoint: 'company.export', file: placeOf }, async (company) => {
    const view = parsePartnersView(searchParamsOf(new URL(company.request.url).searchParams));
    if (!view.ok) throw new HttpError('bad_request', 'export_view_invalid');
    if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
    return company.read(async (db) => {
      const { mirror, company: named } = await servable(db, company);
      return streamExport(company.request, company.session.id, (context) =>
        partnersExportFile(db, mirror, { format, view: { q: view.q, sort: view.order }, company: named, ...context }),
      );
    });
  });
}

export function statementExport(format: ExportFormat) {
  return companyRoute<Params>({ endpoint: 'company.export', file: placeOf }, async (company) => {
    const key = partnerKeyFromAddress(company.params.partnerKey ?? '');
    if (key === null) throw new HttpError('not_found', 'partner_unknown');
    if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
    return company.read(async (db) => {
      const { mirror, company: named } = await servable(db, company);
      const partner = await statementPartner(db, mirror, key);
      if (partner === null) throw new HttpError('not_found', 'partner_unknown');
      return streamExport(company.request, company.session.id, (context) =>
        statementExportFile(db, mirror, { key, partnerName: partner.name, format, company: named, ...context }),
      );
    });
  });
}

/** The partners list's exports and a partner's statement's, each taken whole by its route file. */
export const partnersExports = { csv: fileAddress(partnersExport('csv')), xlsx: fileAddress(partnersExport('xlsx')) };
export const statementExports = {
  csv: fileAddress(statementExport('csv')),
  xlsx: fileAddress(statementExport('xlsx')),
};
