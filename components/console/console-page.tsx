import type { ReactNode } from 'react';

/**
 * A console section's page: its title and what it shows, then its parts. The operational pages (launches, data API)
 * say so in a smaller line with their note (all times in UTC).
 */
export function ConsolePage({
  title,
  intro,
  utcNote,
  children,
}: {
  title: string;
  intro: string;
  /** The operational records' note on their times: shown after the intro, in the smaller line. */
  utcNote?: string;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {utcNote === undefined ? (
        <p className="mt-1 text-slate-700">{intro}</p>
      ) : (
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {intro} {utcNote}
        </p>
      )}
      {children}
    </main>
  );
}
