import type { Metadata } from 'next';
import Link from 'next/link';
import { fill, getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { requireOperator } from '@/lib/doors/console/operator';
import { readOutcome } from '@/lib/features/console/outcome';
import { getConsoleTexts } from '@/lib/features/console/texts';
import { consoleUsers, type ConsoleUser } from '@/lib/features/console/users';
import { getDb } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { ActionOutcome } from '@/components/console/action-outcome';
import { cell, headCell, Moment, one, TextWithCode } from '@/components/console/cells';
import { ConfirmAction } from '@/components/console/confirm-action';
import { endUserSessionsAction, reencryptSecretsAction } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  const [{ c }, { d }] = await Promise.all([getConsoleTexts(), getConsoleDataTexts()]);
  return { title: { absolute: `${d.users.title} · ${c.consoleName}` } };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

const endSessionsHref = (user: ConsoleUser) =>
  `/console/users?${new URLSearchParams({ confirm: 'end-sessions', pluginId: user.pluginId, userId: user.userId })}`;

/**
 * Users: who launched the add-on, their companies and sessions (lib/features/console/users.ts; a session only by its
 * fingerprint). Per user "End all sessions", and for the whole add-on "Re-encrypt stored secrets under the first
 * key" (`npm run keys:rotate`), each through its confirmation step (`?confirm=…`) to a server action.
 */
export default async function ConsoleUsersPage({ searchParams }: { searchParams: Search }) {
  await requireOperator();
  const [{ locale, d, p }, search, db] = await Promise.all([getConsoleDataTexts(), searchParams, getDb()]);
  const users = await consoleUsers(db);
  const confirm = one(search.confirm);
  const target = users.find((user) => user.pluginId === one(search.pluginId) && user.userId === one(search.userId));
  const firstKeyId = getEnv().encryptionKeys[0]?.id ?? '';
  const at = (value: Date | null) => <Moment at={value} locale={locale} never={p.never} />;

  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{d.users.title}</h1>
      <p className="mt-1 text-slate-700">{d.users.intro}</p>
      <ActionOutcome outcome={readOutcome(search)} d={d} p={p} />

      {target && confirm === 'end-sessions' && (
        <ConfirmAction
          title={p.confirmTitle}
          question={fill(d.actions.endUserSessions.confirm, { name: target.userId })}
          check={p.confirmCheck}
          submit={d.actions.endUserSessions.label}
          cancel={p.cancel}
          cancelHref="/console/users"
          action={endUserSessionsAction}
          fields={{ pluginId: target.pluginId, userId: target.userId }}
        />
      )}
      {confirm === 'reencrypt' && (
        <ConfirmAction
          title={p.confirmTitle}
          question={fill(d.actions.reencryptSecrets.confirm, { name: firstKeyId })}
          check={p.confirmCheck}
          submit={d.actions.reencryptSecrets.label}
          cancel={p.cancel}
          cancelHref="/console/users"
          action={reencryptSecretsAction}
          fields={{}}
        />
      )}

      <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-700">
          <TextWithCode text={p.reencryptIntro} mark="command" code="npm run keys:rotate" />
        </p>
        <Link href="/console/users?confirm=reencrypt" className="mt-2 inline-block text-brand-700 hover:underline">
          {d.actions.reencryptSecrets.label}
        </Link>
      </section>

      {users.length === 0 ? (
        <p className="mt-6 text-slate-700">{d.users.empty}</p>
      ) : (
        <div className="table-scroll mt-6 rounded-lg border border-slate-200 shadow-sm">
          <table className="min-w-full text-sm" aria-label={d.users.title}>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th className={headCell}>{d.users.columns.user}</th>
                <th className={headCell}>{d.users.columns.companies}</th>
                <th className={headCell}>{d.users.columns.lastLaunch}</th>
                <th className={headCell}>{d.users.columns.session}</th>
                <th className={headCell}>{p.actionsColumn}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {users.map((user) => (
                <tr key={`${user.pluginId}:${user.userId}`} data-testid={`console-user-${user.userId}`}>
                  <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
                    <span className="font-mono text-xs">{user.userId}</span>
                    <div className="font-mono text-xs font-normal text-slate-500">{user.pluginId}</div>
                  </th>
                  <td className={cell}>
                    <ul>
                      {user.companies.map((company) => (
                        <li key={company.tenantId}>
                          {company.name ?? p.unnamed} <span className="font-mono text-xs">({company.tenantId})</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={cell}>{at(user.lastLaunchedAt)}</td>
                  <td className={cell}>
                    {user.sessions.length === 0 ? (
                      p.noSessions
                    ) : (
                      <table className="text-xs">
                        <thead className="text-left text-slate-600">
                          <tr>
                            <th className="pr-3 font-medium">{d.users.columns.session}</th>
                            <th className="pr-3 font-medium">{d.users.columns.created}</th>
                            <th className="pr-3 font-medium">{d.users.columns.lastSeen}</th>
                            <th className="font-medium">{d.users.columns.state}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {user.sessions.map((session) => (
                            <tr key={session.fingerprint} data-session-state={session.state}>
                              <td className="pr-3 font-mono">{session.fingerprint}</td>
                              <td className="pr-3">{at(session.createdAt)}</td>
                              <td className="pr-3">{at(session.lastSeenAt)}</td>
                              <td>{d.sessionState[session.state]}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </td>
                  <td className={cell}>
                    <Link href={endSessionsHref(user)} className="text-red-700 hover:underline">
                      {d.actions.endUserSessions.label}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
