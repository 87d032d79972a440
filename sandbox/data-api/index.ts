import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

import type { AccessTokenStore } from '../access-tokens';
import { type Day, dayOf } from '../data/calendar';
import type { CompanyVolume } from '../data/company-data';
import { createCompanyStore } from '../data/company-store';
import { sendJson } from '../http/io';
import { matchRoute, type Route } from '../http/router';
import { attachmentRoutes } from './attachments';
import { authCheckRoutes } from './auth-check';
import { deliveryNoteRoutes } from './delivery-notes';
import { createDrift } from './drift';
import { createDuplicateGuard } from './duplicates';
import { expenseRoutes } from './expenses';
import { type ActiveFault, answerFault, createFaultTable, type FaultSpec } from './faults';
import { invoiceRoutes } from './invoices';
import { paymentRoutes } from './payments';
import { createPreviewStore } from './previews';
import { sendProblem } from './problems';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { changeRecords, type ChangeReport, type ChangeSpec } from './record-changes';
import { referenceDataRoutes } from './reference-data';
import { createRequestLog, type LoggedRequest, tokenFingerprint } from './request-log';
import type { DataApiHandler, DataApiServices, PublicApiHandler, UploadAcceptedEvent } from './types';
import { otherUploadRoutes } from './upload-routes';
import type { DriftSettings } from './volume-settings';

const routes: readonly Route<DataApiHandler>[] = [
  ...authCheckRoutes,
  ...invoiceRoutes,
  ...expenseRoutes,
  ...attachmentRoutes,
  ...deliveryNoteRoutes,
  ...paymentRoutes,
  ...referenceDataRoutes,
  ...otherUploadRoutes,
];

/** The sandbox's levers on its data API, for tests (in process) and for the admin routes. */
export interface DataApiControl {
  /** Puts a company into a fault mode (`none` clears it); answers the fault now in force. */
  setFault(tenantId: string, fault: FaultSpec): ActiveFault | null;
  clearFault(tenantId: string): void;
  /** Clears every fault and every preview link set below. */
  clearFaults(): void;
  faults(): Record<string, ActiveFault>;
  /**
   * Makes previewLink answer exactly this string for the company (an address on another host, over http, with a NUL…)
   * until cleared (`null`), so a client's checks of the address can be tried against a live service.
   */
  setPreviewLink(tenantId: string, link: string | null): void;
  /** Every data-API request received so far (copies; tokens only as fingerprints). */
  requests(): LoggedRequest[];
  resetRequests(): void;
  /**
   * Sets how many invoices, expenses, delivery notes, payments and catalog items a company holds (`*`: every company
   * without its own; `null`: the usual sizes; see CompanyVolume). It is generated again at that size, from the same seed, on its next use: uploads and changes
   * made so far are dropped. Answers the volume now asked for.
   */
  setVolume(tenantId: string, volume: CompanyVolume | null): CompanyVolume;
  /** The volumes set, by tenant id (or `*`). */
  volumes(): Record<string, CompanyVolume>;
  /** How many records of each kind the company holds now (generating it if it was not yet). */
  counts(tenantId: string): Required<CompanyVolume>;
  /**
   * Edits, creates and deletes documents of the company now (see record-changes.ts), stamping them with the sandbox's
   * now; answers the ids touched per kind.
   */
  changeRecords(tenantId: string, spec: ChangeSpec): ChangeReport;
  /** Changes every company in use periodically (`null`: stops). */
  setDrift(settings: DriftSettings | null): void;
  drift(): DriftSettings | null;
}

export interface DataApi {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  control: DataApiControl;
  services: DataApiServices;
}

export interface DataApiOptions {
  /** Clock for limits, logs, duplicate windows and preview expiry (epoch ms). */
  now?: () => number;
  /** The day generated data is anchored to; defaults to the day the sandbox starts. */
  today?: Day;
  limiter?: RateLimiter;
  /**
   * Endpoints under /api/ that need no token (the consent poll). They are logged like the others (without a tenant
   * or token), but the token check, the company faults and the per-token limit do not apply: they keep their own.
   */
  publicRoutes?: readonly Route<PublicApiHandler>[];
  /** Told of each accepted upload that the service reports by webhook. */
  uploadAccepted?: (event: UploadAcceptedEvent) => void;
  /** Volumes from the start, by tenant id or `*` (SANDBOX_VOLUMES). */
  volumes?: Readonly<Record<string, CompanyVolume>>;
  /** Drift from the start (SANDBOX_DRIFT); off by default. */
  drift?: DriftSettings | null;
}

function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

export function createDataApi(tokens: AccessTokenStore, options: DataApiOptions = {}): DataApi {
  const now = options.now ?? Date.now;
  const limiter = options.limiter ?? createRateLimiter({ now });
  const faults = createFaultTable();
  const log = createRequestLog();
  const services: DataApiServices = {
    now,
    companies: createCompanyStore({
      today: options.today ?? dayOf(now()),
      startedAtMs: now(),
      volumes: options.volumes,
    }),
    previews: createPreviewStore(),
    duplicates: createDuplicateGuard(),
    previewLinks: new Map(),
    uploadAccepted: options.uploadAccepted,
  };

  const change = (tenantId: string, spec: ChangeSpec) =>
    changeRecords(services.companies.get(tenantId), spec, services.now());
  const drift = createDrift(services.companies, change);
  drift.set(options.drift ?? null);

  return {
    services,
    control: {
      setFault: (tenantId, fault) => faults.set(tenantId, fault),
      clearFault: (tenantId) => faults.clear(tenantId),
      clearFaults: () => {
        faults.clearAll();
        services.previewLinks.clear();
      },
      setPreviewLink: (tenantId, link) => {
        if (link === null) services.previewLinks.delete(tenantId);
        else services.previewLinks.set(tenantId, link);
      },
      faults: () => faults.list(),
      requests: () => log.list(),
      resetRequests: () => log.reset(),
      setVolume: (tenantId, volume) => services.companies.setVolume(tenantId, volume),
      volumes: () => services.companies.volumes(),
      counts: (tenantId) => {
        const company = services.companies.get(tenantId);
        const { invoices, expenses, deliveryNotes, payments, catalogItems } = company;
        return {
          invoices: invoices.length,
          expenses: expenses.length,
          deliveryNotes: deliveryNotes.length,
          payments: payments.length,
          catalogItems: catalogItems.length,
        };
      },
      changeRecords: change,
      setDrift: (settings) => drift.set(settings),
      drift: () => drift.current(),
    },

    async handle(req, res, url) {
      const method = req.method ?? 'GET';
      const raw = bearerToken(req);
      const token = raw === undefined ? undefined : tokens.lookup(raw);
      const fingerprint = raw === undefined ? null : tokenFingerprint(raw);
      const entry = log.record({
        at: now(),
        tenantId: token?.tenantId ?? null,
        tokenFingerprint: fingerprint,
        method,
        path: url.pathname,
        query: url.search,
      });
      // Real time, whatever clock the limits run on: how long the service itself took (benchmarks subtract it).
      const started = performance.now();
      res.once('finish', () => {
        entry.status = res.statusCode;
        entry.durationMs = performance.now() - started;
      });

      const open = matchRoute(options.publicRoutes ?? [], method, url.pathname);
      if (open.kind === 'found') return open.handler({ req, res });
      if (open.kind === 'method-not-allowed')
        return sendJson(res, 405, { message: 'Method Not Allowed' }, { Allow: open.allow.join(', ') });

      const match = matchRoute(routes, method, url.pathname);
      if (match.kind === 'not-found') return sendJson(res, 404, { message: 'Not Found' });
      if (match.kind === 'method-not-allowed') {
        return sendJson(res, 405, { message: 'Method Not Allowed' }, { Allow: match.allow.join(', ') });
      }

      if (!token || token.revoked || raw === undefined || fingerprint === null) {
        return sendJson(res, 401, { message: 'Unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
      }

      // Stages and counting of faults: see faults.ts.
      const early = faults.take(token.tenantId, 'before-limit', method, url.pathname);
      if (early) return answerFault(res, early, {}, now());

      // The limit counts per token, like the real service's per-connection limit.
      const decision = limiter.take(raw);
      if (!decision.allowed) return sendProblem(res, 429, 'Too Many Requests', {}, decision.headers);

      const late = faults.take(token.tenantId, 'after-limit', method, url.pathname);
      if (late?.mode === 'slow') await delay(late.delayMs);
      // unstable-catalog and timeout-after-processing change how the request is served, not whether (faults.ts).
      else if (late && late.mode !== 'unstable-catalog' && late.mode !== 'timeout-after-processing')
        return answerFault(res, late, decision.headers, now());

      for (const [name, value] of Object.entries(decision.headers)) res.setHeader(name, value);
      await match.handler({
        req,
        res,
        url,
        params: match.params,
        token,
        tokenFingerprint: fingerprint,
        company: () => services.companies.get(token.tenantId),
        services,
        fault: late,
      });
    },
  };
}
