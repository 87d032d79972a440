import 'server-only';

import type { CompanyScope } from '@/lib/base/company-scope';
import { HttpError } from '@/lib/base/errors';
import { type SearchParams, searchParamsOf } from '@/lib/base/http/search-params';
import type { FilePlace } from '@/lib/doors/company/failure-frame';
import { fileAddress } from '@/lib/doors/company/file-answer';
import { companyRoute } from '@/lib/doors/company/route';
import { listConnections } from '@/lib/owners/connections/states';
import { type MirrorCompany, mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { SyncedKind } from '@/lib/owners/mirror/kinds';
import { mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';

import type { ExportFile, ExportFormat } from './export-file';
import { type ExportContext, streamExport } from './export-stream';

/** What a list's export knows once every check passed: its view, the company's copy and the company as named. */
export type ExportedList<V> = {
  view: V;
  format: ExportFormat;
  mirror: MirrorCompany;
  scope: CompanyScope;
  /** The company's name as stored with us (null when unknown) and tenant id, for the file name. */
  company: { name: string | null; tenantId: string };
};

/** How the file is made once a download place is taken (the user's language, the company's day, a late failure). */
export type ExportWriter = (context: ExportContext) => ExportFile | Promise<ExportFile>;

/**
 * A list's export, as its feature defines it: the rest (the door, the copy's checks, the download's place, the
 * stream) is the same for every list (exportRoutes).
 */
export type ListExport<P extends { tenantId: string }, V> = {
  /** The failure page's place: the list's section of the company's pages and the way back. */
  place: (params: P) => FilePlace;
  /** The kinds of the copy the file reads: each must be read whole (readinessOf) for the export to be served. */
  kinds: readonly SyncedKind[];
  /**
   * The list's view from the same query parameters as its page, never a page of it (every row is exported); null when
   * invalid (400 `export_view_invalid`, nothing read). May refuse an address itself (a statement's unknown key, 404).
   */
  view: (query: SearchParams, params: P) => V | null;
  /**
   * The file of the view, from the ready copy. What it reads before it answers its writer (a check of the view
   * against the copy, a name for the file) may still refuse, before a download place is taken.
   */
  file: (db: Db, list: ExportedList<V>) => ExportWriter | Promise<ExportWriter>;
};

/**
 * GET of a list's export (`…/<list>/export.csv`, `…/export.xlsx`): through the company's door (401, then 403 for a
 * company outside the session, before anything is read; a failure answered with the company's page, the list's
 * section current and the way back, or JSON for a script), the list's own view from the same query parameters as the
 * list (an invalid one is 400 and nothing is read), then only from the company's copy: while MIRROR_SYNC is off or
 * before the list's kinds were read whole it is not ready (409 `not_ready`); a copy the service's refusal of the
 * token stopped, or a user whose own connection is not working, is served no more (403 `connection_inactive`, as the
 * pages say); a kind the service refuses is never copied, so no export of it will ever be ready (404). Every row of
 * the view, not a page, streamed as a download; at most two downloads of a session at once
 * (./running-exports.ts): a third is 429 `rate_limited` with Retry-After.
 */
export function exportRoute<P extends { tenantId: string }, V>(list: ListExport<P, V>, format: ExportFormat) {
  return companyRoute<P>(
    { endpoint: 'company.export', file: list.place },
    async ({ request, params, session, scope, read }) => {
      const view = list.view(searchParamsOf(new URL(request.url).searchParams), params);
      if (view === null) throw new HttpError('bad_request', 'export_view_invalid');
      if (!getEnv().mirrorSync) throw new HttpError('not_ready', 'mirror_off');
      const mirror = mirrorCompanyOf(scope);
      return read(async (db) => {
        const [status, [connection]] = await Promise.all([
          mirrorStatus(db, mirror),
          listConnections(db, { ...scope, tenantIds: [scope.tenantId] }),
        ]);
        const readiness = readinessOf(status, list.kinds);
        // As the lists: a copy the service's refusal stopped, or a user whose own token it refused, is served no more.
        if (readiness === 'stopped' || connection?.state !== 'connected') {
          throw new HttpError('connection_inactive', 'mirror_stopped');
        }
        if (readiness === 'refused') throw new HttpError('not_found', 'kind_refused');
        if (readiness !== 'ready') throw new HttpError('not_ready', 'mirror_not_ready');
        const company = { name: connection.name ?? null, tenantId: scope.tenantId };
        const writer = await list.file(db, { view, format, mirror, scope, company });
        return streamExport(request, session.id, writer);
      });
    },
  );
}

/** A list's two exports, each taken whole by its route file (app/companies/[tenantId]/<list>/export.csv, .xlsx). */
export function exportRoutes<P extends { tenantId: string }, V>(list: ListExport<P, V>) {
  return { csv: fileAddress(exportRoute(list, 'csv')), xlsx: fileAddress(exportRoute(list, 'xlsx')) };
}
