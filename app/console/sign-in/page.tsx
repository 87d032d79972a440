import type { Metadata } from 'next';
import { forbidden, redirect } from 'next/navigation';

import { ConsoleAuthCard } from '@/components/console/console-card';
import { consoleSession } from '@/lib/doors/console/operator';
import { consoleMetadata, getConsoleTexts } from '@/lib/features/console/texts';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ c }) => c.signInTitle);
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where the console sends whoever has no console session, and where next-auth lands its refusals and failures
 * (`?error=…`, as its `pages` option says). A refusal by the allowlist (`AccessDenied`: the provider said yes, we
 * say no, and no session was made) answers 403 with the console's refusal page.
 */
export default async function ConsoleSignIn({ searchParams }: { searchParams: Search }) {
  const session = await consoleSession();
  if (session.kind === 'operator') redirect('/console');
  const { error, 'signed-out': signedOut } = await searchParams;
  if (session.kind === 'refused' || error === 'AccessDenied') forbidden();
  const { c } = await getConsoleTexts();
  return (
    <ConsoleAuthCard
      title={c.signInTitle}
      body={c.signInBody}
      button={{ action: 'signin', callbackUrl: '/console', label: c.signInButton }}
      texts={c}
    >
      {signedOut !== undefined && <p className="mt-2 text-sm text-slate-700">{c.signedOut}</p>}
      {error !== undefined && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {c.signInFailed}
        </p>
      )}
    </ConsoleAuthCard>
  );
}
