import type { ReactNode } from 'react';

/**
 * A column of a table's header: its label, or a label with the column's alignment (figures align right) and, on a
 * sorted list, the direction the rows are sorted by it (said to screen readers as aria-sort).
 */
export type Column = string | { label: ReactNode; numeric?: boolean; sorted?: 'ascending' | 'descending' };

/** Columns of figures, right-aligned, in order. */
export const figures = (...labels: ReactNode[]): Column[] => labels.map((label) => ({ label, numeric: true }));

/**
 * A real table for lists of documents: a caption, column headers with scope, and a scroll container so a narrow
 * window (the add-on runs embedded, ~800 px) scrolls the table rather than the page, with a shadow at the edge while
 * columns are out of sight (`table-scroll`, app/globals.css). With `cards`, a narrow box shows each row as a card
 * instead (`list-cards`; cells a card leaves out are `Td cardHidden`); with `cards="stacked"` the card's cells stand one
 * under another, for rows with more to say than a document's two sides. The children are the body's rows.
 */
export function Table({
  caption,
  captionHidden = false,
  columns,
  cards = false,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: Column[];
  cards?: boolean | 'stacked';
  children: ReactNode;
}) {
  const cardClass = cards === 'stacked' ? ' list-cards list-stacked' : cards ? ' list-cards' : '';
  return (
    <div className={`table-scroll rounded-xl border border-slate-200 shadow-sm${cardClass}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className={captionHidden ? 'sr-only' : 'px-4 pt-3 text-left text-sm font-medium text-slate-900'}>
          {caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column, index) =>
              typeof column === 'string' ? (
                <Th key={index}>{column}</Th>
              ) : (
                <Th key={index} numeric={column.numeric} sorted={column.sorted}>
                  {column.label}
                </Th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

function Th({
  children,
  numeric = false,
  sorted,
}: {
  children: ReactNode;
  numeric?: boolean;
  sorted?: 'ascending' | 'descending';
}) {
  return (
    <th
      scope="col"
      aria-sort={sorted}
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
  cardHidden = false,
}: {
  children: ReactNode;
  numeric?: boolean;
  nowrap?: boolean;
  /** Left out of a list's card on a narrow screen (a detail the table shows, not the card). */
  cardHidden?: boolean;
}) {
  return (
    <td
      className={`cell${numeric ? ' cell-num' : nowrap ? ' whitespace-nowrap' : ''}${cardHidden ? ' card-hidden' : ''}`}
    >
      {children}
    </td>
  );
}

/** The first cell of a row: a header cell for the row, as screen readers announce it with each value. */
export function RowHeader({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="cell-head">
      {children}
    </th>
  );
}
