import type { Metadata } from 'next';
import Link from 'next/link';
import { consoleCompanies, type ConsoleCompany } from '@/lib/features/console/companies';
import { fill, getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { requireOperator } from '@/lib/doors/console/operator';
import { readOutcome } from '@/lib/features/console/outcome';
import { getConsoleTexts } from '@/lib/features/console/texts';
import { getDb } from '@/lib/platform/db/client';
import { formatMoment } from '@/lib/base/i18n/format';
import { DOCUMENT_KINDS } from '@/lib/owners/mirror/kinds';
import { ActionOutcome } from '@/components/console/action-outcome';
import { ConfirmAction } from '@/components/console/confirm-action';
import { disconnectCompanyAction, resyncCompanyAction } from '../actions';
import { cell, headCell, one, Moment } from '@/components/console/cells';

export async function generateMetadata(): Promise<Metadata> {
  const [{ c }, { d }] = await Promise.all([getConsoleTexts(), getConsoleDataTexts()]);
  return { title: { absolute: `${d.companies.title} · ${c.consoleName}` } };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

const confirmHref = (kind: 'disconnect' | 'resync', company: ConsoleCompany) =>
  `/console/companies?${new URLSearchParams({ confirm: kind, pluginId: company.pluginId, tenantId: company.tenantId })}`;

/**
 * Companies: every company the add-on knows of (lib/features/console/companies.ts): users and launches, connection, the
 * mirror, notifications, key ids (never a secret: none is selected). Per company "Sync now" and "Disconnect", each
 * through its confirmation step (`?confirm=…`) to a server action.
 */
export default async function ConsoleCompaniesPage({ searchParams }: { searchParams: Search }) {
  await requireOperator();
  const [{ locale, d, p }, search, db] = await Promise.all([getConsoleDataTexts(), searchParams, getDb()]);
  const companies = await consoleCompanies(db);
  const confirm = one(search.confirm);
  const target = companies.find(
    (company) => company.pluginId === one(search.pluginId) && company.tenantId === one(search.tenantId),
  );
  const nameOf = (company: ConsoleCompany) => `${company.name ?? p.unnamed} (${company.tenantId})`;
  const at = (value: Date | null) => <Moment at={value} locale={locale} never={p.never} />;

  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{d.companies.title}</h1>
      <p className="mt-1 text-slate-700">{d.companies.intro}</p>
      <ActionOutcome outcome={readOutcome(search)} d={d} p={p} />

      {target && confirm === 'disconnect' && (
        <ConfirmAction
          title={p.confirmTitle}
          question={fill(d.actions.disconnectCompany.confirm, { name: nameOf(target) })}
          check={p.confirmCheck}
          submit={d.actions.disconnectCompany.label}
          cancel={p.cancel}
          cancelHref="/console/companies"
          action={disconnectCompanyAction}
          fields={{ pluginId: target.pluginId, tenantId: target.tenantId }}
        />
      )}
      {target && confirm === 'resync' && (
        <ConfirmAction
          title={p.confirmTitle}
          question={fill(d.actions.resyncCompany.confirm, { name: nameOf(target) })}
          check={p.confirmCheck}
          submit={d.actions.resyncCompany.label}
          cancel={p.cancel}
          cancelHref="/console/companies"
          action={resyncCompanyAction}
          fields={{ pluginId: target.pluginId, tenantId: target.tenantId }}
        >
          <label className="flex items-center gap-2 text-sm text-slate-800">
            {p.resyncMode}
            <select name="mode" defaultValue="auto" className="rounded border border-slate-300 px-2 py-1">
              {(['auto', 'reconcile', 'full'] as const).map((mode) => (
                <option key={mode} value={mode}>
                  {d.actions.resyncCompany.modes[mode]}
                </option>
              ))}
            </select>
          </label>
        </ConfirmAction>
      )}

      {companies.length === 0 ? (
        <p className="mt-6 text-slate-700">{d.companies.empty}</p>
      ) : (
        <div className="table-scroll mt-6 rounded-lg border border-slate-200 shadow-sm">
          {/* Ids and e-mail addresses may break anywhere, so the table fits the page's width rather than scroll. */}
          <table className="min-w-full text-sm [overflow-wrap:anywhere]" aria-label={d.companies.title}>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className={headCell}>{d.companies.columns.company}</th>
                <th className={headCell}>{d.companies.columns.users}</th>
                <th className={headCell}>{d.companies.columns.connection}</th>
                <th className={headCell}>{d.companies.columns.lastUnauthorized}</th>
                <th className={headCell}>{d.companies.columns.lastPaymentRequired}</th>
                <th className={headCell}>{d.companies.columns.mirror}</th>
                <th className={headCell}>{d.companies.columns.notifications}</th>
                <th className={headCell}>{d.companies.columns.keyIds}</th>
                <th className={headCell}>{p.actionsColumn}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {companies.map((company) => (
                <tr key={`${company.pluginId}:${company.tenantId}`} data-testid={`console-company-${company.tenantId}`}>
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
                  </td>
                  <td className={cell}>{at(company.lastUnauthorizedAt)}</td>
                  <td className={cell}>{at(company.lastPaymentRequiredAt)}</td>
                  <td className={cell} data-testid="console-company-mirror">
                    <div className="font-medium" data-mirror-status={company.mirror.status}>
                      {d.mirrorStatus[company.mirror.status]}
                    </div>
                    <dl className="mt-1 grid grid-cols-[auto_auto] gap-x-2 text-xs text-slate-600">
                      <dt>{d.companies.columns.lastSync}</dt>
                      <dd>{at(company.mirror.lastSyncedAt)}</dd>
                      <dt>{d.companies.columns.lag}</dt>
                      <dd>
                        {company.mirror.lagSeconds === null
                          ? p.never
                          : fill(p.seconds, { count: company.mirror.lagSeconds })}
                      </dd>
                      {DOCUMENT_KINDS.map((kind) => (
                        <RecordCount key={kind} label={d.kinds[kind]} count={company.mirror.records[kind]} />
                      ))}
                      <dt>{d.companies.columns.lastError}</dt>
                      <dd>
                        {company.mirror.lastError ? (
                          <>
                            {company.mirror.lastError.kind} {at(company.mirror.lastError.at)}
                          </>
                        ) : (
                          p.never
                        )}
                      </dd>
                      <dt>{d.companies.columns.nextTry}</dt>
                      <dd>{at(company.mirror.nextTryAt)}</dd>
                    </dl>
                  </td>
                  <td className={cell}>
                    <div>
                      {company.notifications.received === 0
                        ? '0'
                        : fill(p.received, {
                            count: company.notifications.received,
                            at: company.notifications.lastReceivedAt
                              ? formatMoment(company.notifications.lastReceivedAt, locale)
                              : p.never,
                          })}
                    </div>
                    <div className={company.notifications.refused.count > 0 ? 'text-red-700' : 'text-slate-600'}>
                      {company.notifications.refused.count === 0
                        ? p.refusedNone
                        : fill(p.refused, {
                            count: company.notifications.refused.count,
                            at: company.notifications.refused.lastAt
                              ? formatMoment(company.notifications.refused.lastAt, locale)
                              : p.never,
                          })}
                    </div>
                  </td>
                  <td className={`${cell} font-mono text-xs`}>{company.keyIds.join(', ') || p.never}</td>
                  <td className={cell}>
                    <div className="flex flex-col gap-1">
                      <Link href={confirmHref('resync', company)} className="text-brand-700 hover:underline">
                        {d.actions.resyncCompany.label}
                      </Link>
                      <Link href={confirmHref('disconnect', company)} className="text-red-700 hover:underline">
                        {d.actions.disconnectCompany.label}
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="border-t border-slate-100 p-3 text-xs text-slate-600">{d.companies.refusedNote}</p>
        </div>
      )}
    </main>
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
