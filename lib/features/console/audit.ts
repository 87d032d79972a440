import 'server-only';

import { AuditFilterError, auditLog, type AuditPage } from '@/lib/owners/audit/console-audit';
import { type Db, getDb } from '@/lib/platform/db/client';

/**
 * The console's Audit log page, as plain data: the filter as its GET form gave it (operator, action, company,
 * result, a date range in UTC days with both ends included) and the page of entries it selects, or null when the
 * filter does not parse (the page then says so once and shows no entries).
 */

export const AUDIT_FILTER_FIELDS = ['operator', 'action', 'company', 'result', 'from', 'to'] as const;
export type AuditFilterValues = Record<(typeof AUDIT_FILTER_FIELDS)[number], string>;

export type ConsoleAuditLog = {
  /** The form's fields as the address gave them ('' when absent). */
  values: AuditFilterValues;
  /** The filled fields as a query, for the links to the newest and the older entries. */
  filterQuery: URLSearchParams;
  /** The `before` of the address: a page past the newest. */
  before: string | undefined;
  /** The entries, or null when the filter does not parse. */
  page: AuditPage | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "To" is a day the operator means to include: the log's `to` is exclusive, so it becomes the next day's start. */
function dayAfter(value: string | undefined): string | undefined {
  if (!value || !DAY.test(value)) return value;
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return Number.isNaN(next.getTime()) ? value : next.toISOString();
}

type Search = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function consoleAuditLog(search: Search, db?: Db): Promise<ConsoleAuditLog> {
  const values = Object.fromEntries(
    AUDIT_FILTER_FIELDS.map((name) => [name, one(search[name]) ?? '']),
  ) as AuditFilterValues;
  const before = one(search.before);
  let page: AuditPage | null = null;
  try {
    // Text as the address gave it: auditLog validates the whole filter (AuditFilterError when it does not parse).
    const filter: Record<string, string | undefined> = {
      operator: values.operator,
      action: values.action || undefined,
      tenantId: values.company,
      result: values.result || undefined,
      from: values.from || undefined,
      to: dayAfter(values.to || undefined),
      before: before || undefined,
    };
    page = await auditLog(db ?? (await getDb()), filter);
  } catch (error) {
    if (!(error instanceof AuditFilterError)) throw error;
  }
  const filterQuery = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  return { values, filterQuery, before, page };
}
