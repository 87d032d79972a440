import type { ReactNode } from 'react';

import { headCell } from '@/components/console/cells';

/** A console table: its name (`aria-label`), a head cell per column, and its rows (`<tr>` each) in the body. */
export function ConsoleTable({
  label,
  columns,
  className = 'min-w-full text-sm',
  children,
}: {
  label: string;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className} aria-label={label}>
      <thead className="bg-slate-50 text-left text-slate-700">
        <tr>
          {columns.map((column, i) => (
            <th key={i} className={headCell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">{children}</tbody>
    </table>
  );
}
