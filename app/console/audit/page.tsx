import type { Metadata } from 'next';
import Link from 'next/link';
import {
  AUDIT_ACTIONS,
  AUDIT_RESULTS,
  AuditFilterError,
  auditLog,
  type AuditPage,
} from '@/lib/owners/audit/console-audit';
import { getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { requireOperator } from '@/lib/doors/console/operator';
import { getConsoleTexts } from '@/lib/features/console/texts';
import { getDb } from '@/lib/platform/db/client';
import { cell, headCell, Moment, one } from '@/components/console/cells';

export async function generateMetadata(): Promise<Metadata> {
  const [{ c }, { d }] = await Promise.all([getConsoleTexts(), getConsoleDataTexts()]);
  return { title: { absolute: `${d.audit.title} · ${c.consoleName}` } };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

const FILTER_FIELDS = ['operator', 'action', 'company', 'result', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** "To" is a day the operator means to include: the log's `to` is exclusive, so it becomes the next day's start. */
function dayAfter(value: string | undefined): string | undefined {
  if (!value || !DAY.test(value)) return value;
  const next = new Date(`${value}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return Number.isNaN(next.getTime()) ? value : next.toISOString();
}

/**
 * The audit log (lib/owners/audit/console-audit.ts), newest first, filtered by a GET form (operator, action, company, result, a
 * date range in UTC days, both ends included), 50 entries a page with a link to older ones. A filter that does not
 * parse shows one clear message and no entries.
 */
export default async function ConsoleAuditPage({ searchParams }: { searchParams: Search }) {
  await requireOperator();
  const [{ locale, d, p }, search, db] = await Promise.all([getConsoleDataTexts(), searchParams, getDb()]);
  const values = Object.fromEntries(FILTER_FIELDS.map((name) => [name, one(search[name]) ?? ''])) as Record<
    (typeof FILTER_FIELDS)[number],
    string
  >;
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
    page = await auditLog(db, filter);
  } catch (error) {
    if (!(error instanceof AuditFilterError)) throw error;
  }
  const filterQuery = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  const olderHref = page?.next ? `/console/audit?${filterQuery}&before=${page.next}` : null;
  const field = 'rounded border border-slate-300 px-2 py-1 text-sm';
  const label = 'flex flex-col gap-1 text-xs font-medium text-slate-700';

  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{d.audit.title}</h1>
      <p className="mt-1 text-slate-700">{d.audit.intro}</p>

      <form method="get" action="/console/audit" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <label className={label}>
          {d.audit.filter.operator}
          <input name="operator" type="text" defaultValue={values.operator} maxLength={320} className={field} />
        </label>
        <label className={label}>
          {d.audit.filter.action}
          <select name="action" defaultValue={values.action} className={field}>
            <option value="">{p.anyAction}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {d.audit.actionNames[action]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {d.audit.filter.company}
          <input name="company" type="text" defaultValue={values.company} maxLength={320} className={field} />
        </label>
        <label className={label}>
          {d.audit.filter.result}
          <select name="result" defaultValue={values.result} className={field}>
            <option value="">{p.anyResult}</option>
            {AUDIT_RESULTS.map((result) => (
              <option key={result} value={result}>
                {d.audit.results[result]}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          {d.audit.filter.from}
          <input name="from" type="date" defaultValue={values.from} className={field} />
        </label>
        <label className={label}>
          {d.audit.filter.to}
          <input name="to" type="date" defaultValue={values.to} className={field} />
        </label>
        <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white">
          {d.audit.filter.apply}
        </button>
        {filterQuery.size > 0 && (
          <Link href="/console/audit" className="text-sm text-brand-700 hover:underline">
            {p.clearFilter}
          </Link>
        )}
      </form>

      {!page ? (
        <p role="alert" className="mt-6 text-red-700">
          {p.invalidFilter}
        </p>
      ) : page.entries.length === 0 ? (
        <p className="mt-6 text-slate-700">{d.audit.empty}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-sm" aria-label={d.audit.title}>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className={headCell}>{d.audit.columns.at}</th>
                <th className={headCell}>{d.audit.columns.operator}</th>
                <th className={headCell}>{d.audit.columns.action}</th>
                <th className={headCell}>{d.audit.columns.target}</th>
                <th className={headCell}>{d.audit.columns.result}</th>
                <th className={headCell}>{d.audit.columns.reason}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {page.entries.map((entry) => (
                <tr
                  key={entry.id}
                  data-testid="console-audit-entry"
                  data-action={entry.action}
                  data-result={entry.result}
                >
                  <td className={`${cell} whitespace-nowrap`}>
                    <Moment at={entry.at} locale={locale} never={p.never} />
                  </td>
                  <td className={cell}>{entry.operator}</td>
                  <td className={cell}>{d.audit.actionNames[entry.action]}</td>
                  <td className={`${cell} font-mono text-xs`}>
                    {Object.entries((entry.target ?? {}) as Record<string, unknown>)
                      .filter(([, value]) => typeof value === 'string')
                      .map(([key, value]) => `${key}=${value as string}`)
                      .join(' ')}
                  </td>
                  <td className={cell}>{d.audit.results[entry.result]}</td>
                  <td className={cell}>{entry.reason ? reasonText(d.reasons, entry.reason) : p.never}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className="mt-4 flex gap-4 text-sm">
        {before && (
          <Link
            href={`/console/audit${filterQuery.size > 0 ? `?${filterQuery}` : ''}`}
            className="text-brand-700 hover:underline"
          >
            {p.newest}
          </Link>
        )}
        {olderHref && (
          <Link href={olderHref} className="text-brand-700 hover:underline">
            {d.audit.filter.older}
          </Link>
        )}
      </nav>
    </main>
  );
}

function reasonText(reasons: Record<string, string>, code: string): string {
  return reasons[code] ?? code;
}
