import { cell, momentsIn } from '@/components/console/cells';
import { ConsoleTable } from '@/components/console/console-table';
import { Link } from '@/components/link';
import type { ConsoleDataPageTexts } from '@/lib/features/console/data-texts';
import type { ConsoleUser } from '@/lib/features/console/users';

/** The address of a user's "End all sessions" confirmation step (a GET: it changes nothing). */
const endSessionsHref = (user: ConsoleUser) =>
  `/console/users?${new URLSearchParams({ confirm: 'end-sessions', pluginId: user.pluginId, userId: user.userId })}`;

/** The table's columns before its actions', in their order. */
const USER_COLUMNS = ['user', 'companies', 'lastLaunch', 'session'] as const;

/**
 * The Users page's table: per user their companies, last launch and sessions (each by its fingerprint only, with
 * its state), and the link to "End all sessions".
 */
export function UsersTable({ users, texts: { locale, d, p } }: { users: ConsoleUser[]; texts: ConsoleDataPageTexts }) {
  if (users.length === 0) return <p className="mt-6 text-slate-700">{d.users.empty}</p>;
  const at = momentsIn(locale, p.never);
  return (
    <div className="table-scroll mt-6 rounded-lg border border-slate-200 shadow-sm">
      <ConsoleTable
        label={d.users.title}
        columns={[...USER_COLUMNS.map((column) => d.users.columns[column]), p.actionsColumn]}
      >
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
      </ConsoleTable>
    </div>
  );
}
