import { cell, momentsIn } from '@/components/console/cells';
import { ConsoleTable } from '@/components/console/console-table';
import { Link } from '@/components/link';
import { DOCUMENT_KINDS } from '@/lib/base/document-kinds';
import { formatMoment } from '@/lib/base/i18n/format';
import type { ConsoleCompany } from '@/lib/features/console/companies';
import { type ConsoleDataPageTexts, fill } from '@/lib/features/console/data-texts';

/** The address of a company's action's confirmation step (a GET: it changes nothing). */
export const companyConfirmHref = (kind: 'disconnect' | 'resync', company: ConsoleCompany) =>
  `/console/companies?${new URLSearchParams({ confirm: kind, pluginId: company.pluginId, tenantId: company.tenantId })}`;

/** The table's columns before its actions', in their order. */
const COMPANY_COLUMNS = [
  'company',
  'users',
  'connection',
  'lastUnauthorized',
  'lastPaymentRequired',
  'mirror',
  'notifications',
  'keyIds',
] as const;

/**
 * The Companies page's table: per company its users and launches, connection, the last 401 and 402, the mirror,
 * notifications, key ids (never a secret: none is selected), and the links to its actions' confirmation steps.
 */
export function CompaniesTable({ companies, texts }: { companies: ConsoleCompany[]; texts: ConsoleDataPageTexts }) {
  const { d, p } = texts;
  if (companies.length === 0) return <p className="mt-6 text-slate-700">{d.companies.empty}</p>;
  return (
    <div className="table-scroll mt-6 rounded-lg border border-slate-200 shadow-sm">
      {/* Ids and e-mail addresses may break anywhere, so the table fits the page's width rather than scroll. */}
      <ConsoleTable
        label={d.companies.title}
        className="min-w-full text-sm [overflow-wrap:anywhere]"
        columns={[...COMPANY_COLUMNS.map((column) => d.companies.columns[column]), p.actionsColumn]}
      >
        {companies.map((company) => (
          <CompanyRow key={`${company.pluginId}:${company.tenantId}`} company={company} texts={texts} />
        ))}
      </ConsoleTable>
      <p className="border-t border-slate-100 p-3 text-xs text-slate-600">{d.companies.refusedNote}</p>
    </div>
  );
}

type CellProps = { company: ConsoleCompany; texts: ConsoleDataPageTexts };

/** One company's row: who it is, then a cell per column. */
function CompanyRow({ company, texts }: CellProps) {
  const { locale, d, p } = texts;
  const at = momentsIn(locale, p.never);
  return (
    <tr data-testid={`console-company-${company.tenantId}`}>
      <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
        {company.name ?? p.unnamed}
        <div className="font-mono text-xs font-normal text-slate-600">{company.tenantId}</div>
        <div className="font-mono text-xs font-normal text-slate-500">{company.pluginId}</div>
      </th>
      <td className={cell}>
        {company.users.length === 0 ? (
          p.none
        ) : (
          <ul>
            {company.users.map((user) => (
              <li key={user.userId}>
                <span className="font-mono text-xs">{user.userId}</span> {at(user.lastLaunchedAt)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={cell} data-testid="console-company-connection">
        <ConnectionCell company={company} texts={texts} />
      </td>
      <td className={cell}>{at(company.lastUnauthorizedAt)}</td>
      <td className={cell}>{at(company.lastPaymentRequiredAt)}</td>
      <td className={cell} data-testid="console-company-mirror">
        <MirrorCell company={company} texts={texts} />
      </td>
      <td className={cell}>
        <NotificationsCell company={company} texts={texts} />
      </td>
      <td className={`${cell} font-mono text-xs`}>{company.keyIds.join(', ') || p.never}</td>
      <td className={cell}>
        <div className="flex flex-col gap-1">
          <Link href={companyConfirmHref('resync', company)} className="text-brand-700 hover:underline">
            {d.actions.resyncCompany.label}
          </Link>
          <Link href={companyConfirmHref('disconnect', company)} className="text-red-700 hover:underline">
            {d.actions.disconnectCompany.label}
          </Link>
        </div>
      </td>
    </tr>
  );
}

/** The company's connection: its state, and each user's connection with its source, since when, and its last 401. */
function ConnectionCell({ company, texts: { locale, d, p } }: CellProps) {
  const at = momentsIn(locale, p.never);
  return (
    <>
      <div className="font-medium">{d.connectionState[company.connectionState]}</div>
      <ul className="mt-1 space-y-1 text-xs text-slate-600">
        {company.connections.map((connection) => (
          <li key={connection.userId}>
            <span className="font-mono">{connection.userId}</span>: {d.connectionState[connection.state]},{' '}
            {d.source[connection.source]}
            <br />
            {d.companies.columns.since} {at(connection.since)}
            {connection.refusedAt && <> · 401 {at(connection.refusedAt)}</>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The company's mirror: its state, last sync and lag, records per kind, last error and next try. */
function MirrorCell({ company: { mirror }, texts: { locale, d, p } }: CellProps) {
  const at = momentsIn(locale, p.never);
  return (
    <>
      <div className="font-medium" data-mirror-status={mirror.status}>
        {d.mirrorStatus[mirror.status]}
      </div>
      <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-2 text-xs text-slate-600">
        <dt>{d.companies.columns.lastSync}</dt>
        <dd>{at(mirror.lastSyncedAt)}</dd>
        <dt>{d.companies.columns.lag}</dt>
        <dd>{mirror.lagSeconds === null ? p.never : fill(p.seconds, { count: mirror.lagSeconds })}</dd>
        {DOCUMENT_KINDS.map((kind) => (
          <RecordCount key={kind} label={d.kinds[kind]} count={mirror.records[kind]} />
        ))}
        <dt>{d.companies.columns.lastError}</dt>
        <dd>
          {mirror.lastError ? (
            <>
              {mirror.lastError.kind} {at(mirror.lastError.at)}
            </>
          ) : (
            p.never
          )}
        </dd>
        <dt>{d.companies.columns.nextTry}</dt>
        <dd>{at(mirror.nextTryAt)}</dd>
      </dl>
    </>
  );
}

function RecordCount({ label, count }: { label: string; count: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid="console-mirror-records">{count}</dd>
    </>
  );
}

/** Notifications received for the company, and refused at its receiver address (in red when any were). */
function NotificationsCell({ company: { notifications }, texts: { locale, p } }: CellProps) {
  const { received, lastReceivedAt, refused } = notifications;
  return (
    <>
      <div>
        {received === 0
          ? '0'
          : fill(p.received, {
              count: received,
              at: lastReceivedAt ? formatMoment(lastReceivedAt, locale) : p.never,
            })}
      </div>
      <div className={refused.count > 0 ? 'text-red-700' : 'text-slate-600'}>
        {refused.count === 0
          ? p.refusedNone
          : fill(p.refused, {
              count: refused.count,
              at: refused.lastAt ? formatMoment(refused.lastAt, locale) : p.never,
            })}
      </div>
    </>
  );
}
