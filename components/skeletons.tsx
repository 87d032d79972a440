'use client';

/**
 * Placeholders while the service answers (it is rate-limited, so a page may wait a second or two). Shaped like what
 * will come, announced once to screen readers, and still: no animation for those who asked for less motion.
 *
 * Client components for every page's weight: each level of a company page's address that has a loading boundary
 * sends its placeholder in React's payload with the page (for the client's navigation), and a server component's
 * placeholder travels there as its ~60 elements with their classes, about 14 KB a list page; a client component's
 * is its name and its label.
 */

const bar = 'rounded bg-slate-200 motion-safe:animate-pulse';

/** A page's placeholder: busy, with what is loading said once to screen readers. */
function Loading({ kind, label, children }: { kind: string; label: string; children: React.ReactNode }) {
  return (
    <div aria-busy="true" data-loading={kind}>
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}

/** Four cards in a grid, each with bars of the given sizes: the detail page's sections, the overview's figures. */
function Cards({ grid, bars }: { grid: string; bars: string[] }) {
  return (
    <div className={grid} aria-hidden="true">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          {bars.map((size, at) => (
            <div key={at} className={`${bar} ${size}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" aria-hidden="true">
      <div className={`${bar} h-4 w-1/3`} />
      <div className="mt-3 space-y-2">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid grid-cols-6 gap-3">
            <div className={`${bar} col-span-1 h-4`} />
            <div className={`${bar} col-span-2 h-4`} />
            <div className={`${bar} col-span-1 h-4`} />
            <div className={`${bar} col-span-1 h-4`} />
            <div className={`${bar} col-span-1 h-4`} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <Loading kind="list" label={label}>
      <div className={`${bar} h-6 w-40`} aria-hidden="true" />
      <div className="mt-4 h-11 rounded-xl border border-slate-200 bg-white shadow-sm" aria-hidden="true" />
      <TableSkeleton />
    </Loading>
  );
}

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <Loading kind="detail" label={label}>
      <div className={`${bar} h-4 w-24`} aria-hidden="true" />
      <div className={`${bar} mt-3 h-6 w-64`} aria-hidden="true" />
      <Cards
        grid="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2"
        bars={['h-4 w-1/3', 'h-4 w-3/4', 'h-4 w-2/3', 'h-4 w-1/2']}
      />
      <TableSkeleton rows={4} />
    </Loading>
  );
}

export function OverviewSkeleton({ label }: { label: string }) {
  return (
    <Loading kind="overview" label={label}>
      <Cards grid="grid grid-cols-1 gap-3 sm:grid-cols-2" bars={['h-4 w-1/2', 'h-7 w-2/3', 'h-4 w-1/3']} />
      <TableSkeleton rows={5} />
      <TableSkeleton rows={5} />
    </Loading>
  );
}
