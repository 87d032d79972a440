import 'server-only';

import { forbidden } from 'next/navigation';
import { cache } from 'react';

import { type CompanyScope, companyScope } from '@/lib/base/company-scope';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { loadForPage } from '@/lib/doors/company/page-load';
import { requireSession } from '@/lib/doors/session';
import { openCompanyClient } from '@/lib/owners/connections/client';
import { type CompanyConnection, listConnections } from '@/lib/owners/connections/states';
import { noteCompanyView } from '@/lib/owners/mirror/views';
import { requestEnded } from '@/lib/owners/ops/requests';
import type { Session } from '@/lib/owners/sessions/sessions';
import { getDb } from '@/lib/platform/db/client';
import { forPage } from '@/lib/platform/db-errors';
import { getEnv } from '@/lib/platform/env';
import { describeError, getLogger } from '@/lib/platform/log';
import type { DataApiClient } from '@/lib/service/client';

/**
 * The one door of a company's pages: `requireCompany(tenantId)` checks the session (401) and the company of the
 * session (403) before anything of the company is read, and hands the page everything it may then do, each in the
 * one way it is done: read our own database (failures stripped of their query), ask the data API under the page's
 * deadline (failures become the page's problem panel), and know the company's connection as stored with us. A page
 * never reaches for the database handle, the token or the session's cookie itself.
 */

/** The company's connection; a company with no row is "missing". */
const connectionOf = cache(async (userId: string, pluginId: string, tenantId: string): Promise<CompanyConnection> => {
  const [connection] = await forPage(async () =>
    listConnections(await getDb(), { userId, pluginId, tenantIds: [tenantId] }),
  );
  return (
    connection ?? { tenantId, name: null, state: 'missing', source: null, webhookId: null, hasWebhookSecret: false }
  );
});

function companyPage(session: Session, scope: CompanyScope, viewNoted: Promise<void>): CompanyPage {
  return {
    session,
    scope,
    viewNoted,
    read: (query) => forPage(async () => query(await getDb(), scope)),
    load: (work) =>
      loadForPage((deadline) => {
        let opened: Promise<DataApiClient> | undefined;
        return work({ client: () => (opened ??= openCompanyClient(scope, { deadline })), deadline });
      }),
    connection: () => connectionOf(scope.userId, scope.pluginId, scope.tenantId),
  };
}

/** Every company of the session with its connection, in the session's order (the list of companies, the overview). */
export async function sessionCompanies(session: Session): Promise<CompanyConnection[]> {
  return forPage(async () => listConnections(await getDb(), session));
}

/**
 * The company of a page, which must be among the session's companies: the signed-out page (401) without a session,
 * the forbidden page (403) for another company. Once per request. Each refusal writes the request line (the 401 is
 * requireSession's); a page that is let in writes none (it has no status yet).
 */
export const requireCompany = cache(async (tenantId: string): Promise<CompanyPage> => {
  const started = performance.now();
  const session = await requireSession();
  if (!session.tenantIds.includes(tenantId)) {
    requestEnded({ endpoint: 'page', status: 403, started, log: { reason: 'company_not_in_session', tenantId } });
    forbidden();
  }
  const scope = companyScope(session, tenantId);
  // The view keeps the company's mirror fresh and retained; the page never fails by it, and waits for it only to
  // say whether an update is under way (viewNoted).
  const viewNoted = getEnv().mirrorSync
    ? getDb()
        .then((db) => noteCompanyView(db, scope))
        .catch((error: unknown) => getLogger().warn({ tenantId, err: describeError(error) }, 'company view not noted'))
    : Promise.resolve();
  return companyPage(session, scope, viewNoted);
});

/**
 * The same for a page's title, which is resolved beside the page and must not answer for it: without a session or
 * for a company outside it, which of the two (the title is then that of the 401 or 403 page the page answers).
 */
export async function companyOfTitle(tenantId: string): Promise<CompanyPage | 'signed-out' | 'forbidden'> {
  const session = await requireSession().catch(() => null);
  if (!session) return 'signed-out';
  if (!session.tenantIds.includes(tenantId)) return 'forbidden';
  return requireCompany(tenantId);
}
