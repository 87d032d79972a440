import type { ReactNode } from 'react';

import { ConsoleAuthButton } from '@/components/console/console-auth-button';

/** The console's pages before the console itself (sign-in, refused): one card, the page's main landmark. */
export function ConsoleCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
    >
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

/**
 * A console card whose way on is signing in or out (the sign-in page, the refusal): its notes, its words and the
 * button, which says it is working or has failed in the shell's words.
 */
export function ConsoleAuthCard({
  title,
  body,
  button,
  texts,
  children,
}: {
  title: string;
  body: string;
  button: { action: 'signin' | 'signout'; callbackUrl: string; label: string; variant?: 'quiet' };
  texts: { signInWorking: string; signInFailed: string };
  /** Notes above the words (signed out, sign-in failed). */
  children?: ReactNode;
}) {
  return (
    <ConsoleCard title={title}>
      {children}
      <p className="mt-2 text-slate-700">{body}</p>
      <div className="mt-4">
        <ConsoleAuthButton {...button} working={texts.signInWorking} failed={texts.signInFailed} />
      </div>
    </ConsoleCard>
  );
}
