import { cell, Moment } from '@/components/console/cells';
import { ConsoleTable } from '@/components/console/console-table';
import { Link } from '@/components/link';
import type { ConsoleAuditLog } from '@/lib/features/console/audit';
import type { ConsoleDataPageTexts } from '@/lib/features/console/data-texts';

/** The log's columns, in their order. */
const AUDIT_COLUMNS = ['at', 'operator', 'action', 'target', 'result', 'reason'] as const;

/**
 * The audit log's entries, newest first (or the one message for a filter that does not parse), and the links to the
 * newest and to older entries.
 */
export function AuditTable({
  log: { page, filterQuery, before },
  texts: { locale, d, p },
}: {
  log: ConsoleAuditLog;
  texts: ConsoleDataPageTexts;
}) {
  const olderHref = page?.next ? `/console/audit?${filterQuery}&before=${page.next}` : null;
  return (
    <>
      {!page ? (
        <p role="alert" className="mt-6 text-red-700">
          {p.invalidFilter}
        </p>
      ) : page.entries.length === 0 ? (
        <p className="mt-6 text-slate-700">{d.audit.empty}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <ConsoleTable label={d.audit.title} columns={AUDIT_COLUMNS.map((column) => d.audit.columns[column])}>
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
          </ConsoleTable>
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
    </>
  );
}

function reasonText(reasons: Record<string, string>, code: string): string {
  return reasons[code] ?? code;
}
