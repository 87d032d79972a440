import type { CompanyScope } from '@/lib/base/company-scope';
import type { CompanyConnection } from '@/lib/owners/connections/states';
import type { Session } from '@/lib/owners/sessions/sessions';
import type { Db } from '@/lib/platform/db/client';
import type { Loaded } from '@/lib/platform/http/page-problem';
import type { DataApiClient } from '@/lib/service/client';

/**
 * What a company's page gets from its door (`requireCompany`, lib/doors/company/page.ts): the features take it in
 * hand and never open the session, the database or the token themselves.
 */

/** What a page's data-API work gets: the company's client (opened at first use, once) and the page's deadline. */
export type PageApi = { client: () => Promise<DataApiClient>; deadline: number };

export type CompanyPage = {
  readonly session: Session;
  readonly scope: CompanyScope;
  /** Reads our own database for the page. */
  readonly read: <T>(query: (db: Db, scope: CompanyScope) => Promise<T>) => Promise<T>;
  /** The page's data-API work, under the page's deadline. */
  readonly load: <T>(work: (api: PageApi) => Promise<T>) => Promise<Loaded<T>>;
  /** The company's connection as stored with us (name and state), read once per request however many parts ask. */
  readonly connection: () => Promise<CompanyConnection>;
  /**
   * Settles (never rejects) once this view of the company was noted, and a sync asked for when its copy is stale.
   * Nothing waits for it but what says whether an update is under way: awaited first, that says "updating…" for the
   * sync this very view asked (and the page is drawn again when it ends: a token refused meanwhile shows at once).
   */
  readonly viewNoted: Promise<void>;
};
