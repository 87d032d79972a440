import type { ReactNode } from 'react';

/**
 * A real table for lists of documents: a caption, column headers with scope, and a scroll container so a narrow
 * window (the add-on runs embedded, ~800 px) scrolls the table rather than the page.
 */
export function Table({
  caption,
  captionHidden = false,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className={captionHidden ? 'sr-only' : 'px-4 pt-3 text-left text-sm font-medium text-slate-900'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ children, numeric = false }: { children: ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={`whitespace-nowrap px-2 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${numeric ? 'text-right' : 'text-left'}`}
    >
      {children}
    </th>
  );
}

export function Td({
  children,
  numeric = false,
  nowrap = false,
}: {
  children: ReactNode;
  numeric?: boolean;
  nowrap?: boolean;
}) {
  return (
    <td
      className={`px-2 py-2 align-top text-slate-800 ${numeric ? 'text-right tabular-nums whitespace-nowrap' : ''} ${nowrap ? 'whitespace-nowrap' : ''}`}
    >
      {children}
    </td>
  );
}

/** The first cell of a row: a header cell for the row, as screen readers announce it with each value. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="whitespace-nowrap px-2 py-2 text-left align-top font-medium text-slate-900">
      {children}
    </th>
  );
}
