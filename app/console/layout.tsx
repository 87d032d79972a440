import type { ReactNode } from 'react';

import { ConsoleAuthButton } from '@/components/console/console-auth-button';
import { ConsoleNav } from '@/components/console/console-nav';
import { Link } from '@/components/link';
import { consoleSession } from '@/lib/doors/console/operator';
import { getConsoleTexts } from '@/lib/features/console/texts';

/**
 * The operators' console's frame: its own header (not the company pages'), who is signed in and sign-out, and for an
 * operator the links to every section (ConsoleNav). Not configured → 404 for every console address. Each page passes
 * the console's door itself (operatorPage, lib/doors/console/page.ts): a layout does not guard the pages under it
 * (they render alongside it).
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await consoleSession();
  const { c } = await getConsoleTexts();
  return (
    <div data-testid="console">
      <header className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b-2 border-slate-800 pb-4">
        <Link href="/console" className="text-lg font-semibold text-slate-900 hover:underline">
          {c.consoleName}
        </Link>
        {session.kind === 'operator' && (
          <div className="flex items-center gap-4">
            <p className="text-sm text-slate-600">
              {c.signedInAs}:{' '}
              <span className="font-medium text-slate-900" data-testid="console-operator">
                {session.operator.email}
              </span>
            </p>
            <ConsoleAuthButton
              action="signout"
              callbackUrl="/console/sign-in?signed-out=1"
              label={c.signOut}
              working={c.signInWorking}
              failed={c.signInFailed}
              variant="quiet"
            />
          </div>
        )}
      </header>
      {session.kind === 'operator' && <ConsoleNav label={c.navLabel} sections={c.sections} />}
      {children}
    </div>
  );
}
