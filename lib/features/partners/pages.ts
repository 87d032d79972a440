import 'server-only';

import { notFound } from 'next/navigation';
import { cache } from 'react';

import { companyToday } from '@/lib/base/calendar';
import type { SearchParams } from '@/lib/base/http/search-params';
import type { CompanyPage } from '@/lib/doors/company/company-page';
import { PARTNER_KINDS } from '@/lib/features/partners/kinds';
import {
  type PartnerRow,
  partnersOf,
  type PartnersPage,
  partnerSummary,
} from '@/lib/features/partners/queries/partners';
import {
  type Statement,
  statementOf,
  type StatementPartner,
  statementPartner,
} from '@/lib/features/partners/queries/statement';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import type { Refusal } from '@/lib/owners/mirror/state';
import { type MirrorStatus, mirrorStatus, readinessOf } from '@/lib/owners/mirror/status';
import { getEnv } from '@/lib/platform/env';
import { companyPath } from '@/lib/service/records/present';

import { parsePartnersView, partnerKeyFromAddress, type PartnersListView } from './view';

/**
 * What the partners list and a partner's statement load (app/companies/[tenantId]/partners/), through the company's
 * door. Both read the company's mirror only (there is no live list of partners to fall back to): its invoices and
 * expenses, once both were read whole (readinessOf) and while the user's own connection works, as the document lists
 * decide; until then the page says what holds it back, and nothing is queried.
 */

/** The kinds a partner's balances are counted from. */
export type PartnersReadiness =
  | { state: 'ready' }
  | { state: 'preparing' }
  /** The service refuses one of the kinds for this company (its list answered 404 or 403). */
  | { state: 'refused'; kinds: { kind: (typeof PARTNER_KINDS)[number]; refusal: Refusal }[] }
  /** The copy was stopped (the service refused the company's token), or the user's own connection does not work. */
  | { state: 'disconnected' }
  /** This installation keeps no copy (MIRROR_SYNC=off). */
  | { state: 'off' };

export type PartnersMirror = { status: MirrorStatus | null; readiness: PartnersReadiness };

/** Once per request however many parts ask (the page and its title): React's `cache`, by the door's company. */
export const partnersMirror = cache(async (company: CompanyPage): Promise<PartnersMirror> => {
  if (!getEnv().mirrorSync) return { status: null, readiness: { state: 'off' } };
  // A sync this very view asked for (a stale copy) is "updating…" too (CompanyPage.viewNoted).
  await company.viewNoted;
  const [status, connection] = await Promise.all([
    company.read((db, scope) => mirrorStatus(db, mirrorCompanyOf(scope))),
    company.connection(),
  ]);
  const readiness = readinessOf(status, PARTNER_KINDS);
  if (readiness === 'stopped' || connection.state !== 'connected') {
    return { status, readiness: { state: 'disconnected' } };
  }
  if (readiness === 'refused') {
    const kinds = PARTNER_KINDS.flatMap((kind) => {
      const refusal = status.progress[kind].refused;
      return refusal ? [{ kind, refusal }] : [];
    });
    return { status, readiness: { state: 'refused', kinds } };
  }
  return { status, readiness: { state: readiness } };
});

export type PartnersListPage = {
  view: PartnersListView;
  /** The list's own address, and this very view's. */
  path: string;
  href: string;
  mirror: PartnersMirror;
  /** Null when nothing was read: the view is invalid, or the copy cannot answer. */
  page: PartnersPage | null;
  today: string;
};

/** The partners list of the company its door let in: the view from the address, and its page of partners. */
export async function loadPartnersList(company: CompanyPage, searchParams: SearchParams): Promise<PartnersListPage> {
  const path = companyPath(company.scope.tenantId, 'partners');
  const view = parsePartnersView(searchParams);
  const search = new URLSearchParams(
    Object.entries(searchParams).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
  );
  const href = search.size > 0 ? `${path}?${search}` : path;
  const today = companyToday(new Date());
  const mirror = await partnersMirror(company);
  if (!view.ok || mirror.readiness.state !== 'ready') return { view, path, href, mirror, page: null, today };
  const page = await company.read((db, scope) =>
    partnersOf(db, mirrorCompanyOf(scope), { q: view.q, sort: view.order, top: view.top, skip: view.skip, today }),
  );
  return { view, path, href, mirror, page, today };
}

export type StatementPage = {
  key: string;
  /** The statement's own address. */
  path: string;
  mirror: PartnersMirror;
  /** The company's name as stored with us. */
  companyName: string | null;
  today: string;
  /** Set once the copy answers (the partner is then known: an unknown one is the not-found page). */
  loaded: { partner: StatementPartner; summary: PartnerRow; statement: Statement } | null;
};

/**
 * A partner's statement: its key from the address (one that cannot be a key, or that none of the company's invoices
 * and expenses names, is the not-found page), who it is, its balances in EUR and its statement by currency. Three
 * statements over the partner's documents, all through the partner-key index.
 */
/** Who the partner is (null: none of the company's invoices and expenses names it), once per request. */
const partnerNamed = cache((company: CompanyPage, key: string) =>
  company.read((db, scope) => statementPartner(db, mirrorCompanyOf(scope), key)),
);

export async function loadStatement(company: CompanyPage, segment: string): Promise<StatementPage> {
  const key = partnerKeyFromAddress(segment);
  if (key === null) notFound();
  const { tenantId } = company.scope;
  const path = companyPath(tenantId, 'partners', key);
  const today = companyToday(new Date());
  const [mirror, connection] = await Promise.all([partnersMirror(company), company.connection()]);
  const shown = { key, path, mirror, companyName: connection.name, today };
  if (mirror.readiness.state !== 'ready') return { ...shown, loaded: null };
  const loaded = await company.read(async (db, scope) => {
    const mirrorCompany = mirrorCompanyOf(scope);
    const [partner, summary, statement] = await Promise.all([
      partnerNamed(company, key),
      partnerSummary(db, mirrorCompany, key, today),
      statementOf(db, mirrorCompany, key, today),
    ]);
    return partner && summary ? { partner, summary, statement } : null;
  });
  if (loaded === null) notFound();
  return { ...shown, loaded };
}

/**
 * The partner's name for the statement's title, read beside the page (null while the copy cannot say, or for a key
 * none of the company's invoices and expenses names: the page itself answers those).
 */
export async function statementTitleOf(company: CompanyPage, segment: string): Promise<string | null> {
  const key = partnerKeyFromAddress(segment);
  if (key === null) return null;
  const { readiness } = await partnersMirror(company);
  if (readiness.state !== 'ready') return null;
  const partner = await partnerNamed(company, key);
  return partner === null ? null : (partner.name ?? key);
}

/**
 * Whether a statement's address names a partner the company's copy does not know: the copy is ready and none of its
 * invoices and expenses names the key (a key that cannot be one is the proxy's 404 already; a copy not ready yet
 * knows nobody, so that is no answer).
 */
export async function isUnknownPartner(company: CompanyPage, segment: string): Promise<boolean> {
  const key = partnerKeyFromAddress(segment);
  if (key === null) return false;
  const { readiness } = await partnersMirror(company);
  return readiness.state === 'ready' && (await partnerNamed(company, key)) === null;
}
