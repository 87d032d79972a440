/**
 * Placeholders while the service answers (it is rate-limited, so a page may wait a second or two). Shaped like what
 * will come, announced once to screen readers, and still: no animation for those who asked for less motion.
 */

const bar = 'rounded bg-slate-200 motion-safe:animate-pulse';

function Status({ label }: { label: string }) {
  return (
    <p role="status" className="sr-only">
      {label}
    </p>
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
    <div aria-busy="true" data-loading="list">
      <Status label={label} />
      <div className={`${bar} h-6 w-40`} aria-hidden="true" />
      <div className="mt-4 h-11 rounded-xl border border-slate-200 bg-white shadow-sm" aria-hidden="true" />
      <TableSkeleton />
    </div>
  );
}

export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" data-loading="detail">
      <Status label={label} />
      <div className={`${bar} h-4 w-24`} aria-hidden="true" />
      <div className={`${bar} mt-3 h-6 w-64`} aria-hidden="true" />
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className={`${bar} h-4 w-1/3`} />
            <div className={`${bar} h-4 w-3/4`} />
            <div className={`${bar} h-4 w-2/3`} />
            <div className={`${bar} h-4 w-1/2`} />
          </div>
        ))}
      </div>
      <TableSkeleton rows={4} />
    </div>
  );
}

export function OverviewSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" data-loading="overview">
      <Status label={label} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className={`${bar} h-4 w-1/2`} />
            <div className={`${bar} h-7 w-2/3`} />
            <div className={`${bar} h-4 w-1/3`} />
          </div>
        ))}
      </div>
      <TableSkeleton rows={5} />
      <TableSkeleton rows={5} />
    </div>
  );
}
