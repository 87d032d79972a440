import type { CSSProperties, ReactNode } from 'react';

/**
 * A column of a table's header: its label, or a label with the column's alignment (figures align right) and, on a
 * sorted list, the direction the rows are sorted by it (said to screen readers as aria-sort). `text` is the label's
 * words where the label is more than words (a sort link): a labelled card names its cells with them.
 */
export type Column =
  string | { label: ReactNode; text?: string; numeric?: boolean; sorted?: 'ascending' | 'descending' };

/**
 * How a narrow box shows the rows: as a table to scroll (false); as cards of number and partner beside total and state
 * (true, the documents' lists); with each cell under the one before (`stacked`, an import's lines and their
 * controls); or as the row's header over one line per shown cell, named by its column (`labelled`, for rows of
 * several figures: partners, accounts, a statement's lines, imports).
 */
export type Cards = boolean | 'stacked' | 'labelled';

/** The scroll box's classes for a way of showing rows as cards (app/globals.css). */
function cardsClass(cards: Cards): string {
  if (cards === 'stacked') return ' list-cards list-stacked';
  if (cards === 'labelled') return ' list-cards list-labelled';
  return cards ? ' list-cards' : '';
}

/**
 * A labelled card's names of its cells: each column's words as a custom property of the table (`--c2` for the second
 * column, and on), which the stylesheet puts before the cell. Once per table, not once per cell: a statement has
 * thousands of lines.
 */
function cardLabels(columns: readonly Column[]): CSSProperties {
  const labels: Record<string, string> = {};
  columns.forEach((column, index) => {
    const text = typeof column === 'string' ? column : typeof column.label === 'string' ? column.label : column.text;
    // A CSS string: JSON's quoting and escapes are CSS's too for words without line breaks.
    if (index > 0 && text) labels[`--c${index + 1}`] = JSON.stringify(text.replace(/\s+/g, ' '));
  });
  return labels;
}

/** Columns of figures, right-aligned, in order. */
export const figures = (...labels: ReactNode[]): Column[] => labels.map((label) => ({ label, numeric: true }));

/**
 * A real table for lists of documents: a caption, column headers with scope, and a scroll container so a narrow
 * window (the add-on runs embedded, ~800 px) scrolls the table rather than the page, with a shadow at the edge while
 * columns are out of sight (`table-scroll`, app/globals.css). With `cards`, a narrow box shows each row as a card
 * instead (`list-cards`; cells a card leaves out are `Td cardHidden`); with `cards="stacked"` the card's cells stand one
 * under another, for rows with more to say than a document's two sides; with `cards="labelled"` each shown cell is a
 * line named by its column. The children are the body's rows, or `rowsHtml`, the body already written as HTML (a
 * statement's thousands of lines).
 */
export function Table({
  caption,
  captionHidden = false,
  columns,
  cards = false,
  tableClass = '',
  rowsHtml,
  children,
}: {
  caption: string;
  captionHidden?: boolean;
  columns: Column[];
  cards?: Cards;
  /** The table's own class, for a page's stylesheet (the statement's lines). */
  tableClass?: string;
  rowsHtml?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`table-scroll rounded-xl border border-slate-200 shadow-sm${cardsClass(cards)}`}>
      <table
        className={`min-w-full divide-y divide-slate-200 text-sm ${tableClass}`}
        style={cards === 'labelled' ? cardLabels(columns) : undefined}
      >
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
        {rowsHtml === undefined ? (
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        ) : (
          <tbody className="divide-y divide-slate-100" dangerouslySetInnerHTML={{ __html: rowsHtml }} />
        )}
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
