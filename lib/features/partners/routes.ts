import 'server-only';

import { HttpError } from '@/lib/base/errors';
import type { FilePlace } from '@/lib/doors/company/failure-frame';
import { exportRoutes } from '@/lib/features/lists/export-route';
import { partnersExportFile, statementExportFile } from '@/lib/features/partners/export';
import { PARTNER_KINDS } from '@/lib/features/partners/kinds';
import { statementPartner } from '@/lib/features/partners/queries/statement';
import { parsePartnersView, partnerKeyFromAddress, type PartnersListView } from '@/lib/features/partners/view';

/**
 * The partners list's export (`…/partners/export.csv`, `.xlsx`, the list's own `q` and `sort`; `Top` and
 * `Skip` are ignored: every partner) and of a partner's statement (`…/partners/{partnerKey}/export.csv`, `.xlsx`).
 * As every list's export (lib/features/lists/export-route.ts): through the company's door (401, 403 before any work; a failure
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

/** A partners' export's rest, as every list's (lib/features/lists/export-route.ts): invoices' and expenses' copy. */
const partnersList = { place: placeOf, kinds: PARTNER_KINDS };

/** The partners list's exports and a partner's statement's, each taken whole by its route file. */
export const partnersExports = exportRoutes<Params, PartnersListView & { ok: true }>({
  ...partnersList,
  view: (query) => {
    const view = parsePartnersView(query);
    return view.ok ? view : null;
  },
  file:
    (db, { view, format, mirror, company }) =>
    (context) =>
      partnersExportFile(db, mirror, { format, view: { q: view.q, sort: view.order }, company, ...context }),
});

export const statementExports = exportRoutes<Params, string>({
  ...partnersList,
  view: (_query, params) => {
    const key = partnerKeyFromAddress(params.partnerKey ?? '');
    if (key === null) throw new HttpError('not_found', 'partner_unknown');
    return key;
  },
  file: async (db, { view: key, format, mirror, company }) => {
    const partner = await statementPartner(db, mirror, key);
    if (partner === null) throw new HttpError('not_found', 'partner_unknown');
    return (context) =>
      statementExportFile(db, mirror, { key, partnerName: partner.name, format, company, ...context });
  },
});
