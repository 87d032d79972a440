import type { ReactNode } from 'react';

import { Link } from '@/components/link';

/**
 * The header of a column a list can be sorted by: a link to the list in that order (the other direction when it is
 * the order now, else `firstDescending`: the direction a person looks for first), an arrow saying which, and the
 * direction the rows are sorted now for screen readers (aria-sort, as `sorted`).
 */
export function sortHeader<K extends string>(
  label: ReactNode,
  key: K,
  /** The order the list is in now. */
  now: { key: K; descending: boolean },
  { firstDescending, hrefOf }: { firstDescending: boolean; hrefOf: (sort: K | `-${K}`) => string },
): { label: ReactNode; text?: string; sorted: 'ascending' | 'descending' | undefined } {
  const active = now.key === key;
  const descending = active ? !now.descending : firstDescending;
  return {
    text: typeof label === 'string' ? label : undefined,
    sorted: active ? (now.descending ? 'descending' : 'ascending') : undefined,
    label: (
      <Link
        href={hrefOf(descending ? `-${key}` : key)}
        className="inline-flex items-center gap-1 hover:text-slate-900 focus-ring"
        data-sort-key={key}
      >
        {label}
        <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
          {active ? (now.descending ? '↓' : '↑') : '↕'}
        </span>
      </Link>
    ),
  };
}
