import type { ReactNode } from 'react';

/**
 * A page that is one card, the page's main landmark with its title: the notices (signed out, forbidden, nothing
 * connected) and the console's pages before the console itself (sign-in, refused: `narrow`).
 */
export function MainCard({ title, narrow, children }: { title: string; narrow?: boolean; children?: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={`${narrow ? 'max-w-xl ' : ''}rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none`}
    >
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}
