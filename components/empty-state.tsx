import { Link } from '@/components/link';

import { linkClass } from './detail-parts';

/** An empty list, said in words, with the one action that helps (clear the filters, go back to the first page). */
export function EmptyState({ message, action }: { message: string; action?: { href: string; label: string } | null }) {
  return (
    <div
      className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center"
      data-empty="true"
    >
      <p className="text-sm text-slate-700">{message}</p>
      {action && (
        <Link href={action.href} className={`mt-3 inline-block text-sm ${linkClass}`}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
