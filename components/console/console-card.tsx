import type { ReactNode } from 'react';

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
