'use client';

import { Link } from '@/components/link';

import { plainLinkClass } from '../link-classes';
import { RowHeader, Td } from '../table';

/** One payment as the table shows it: every text already in the reader's language and form. */
export type PaymentRowView = {
  id: string;
  day: string;
  /** The amount as the record writes it (exact decimal), or '' when it has none. */
  amount: string;
  amountText: string;
  account: { id: string; label: string };
  partner: string;
  /** The counterparty's IBAN in groups of four, or null. */
  iban: string | null;
  variableSymbol: string;
  reference: string;
  /** The documents it paid; `href` when the company's copy has that invoice. */
  documents: { number: string; href: string | null }[];
};

/**
 * The payments' rows (components/money/payment-table.tsx draws the table around them). A client component for the
 * page's weight: a server component's rows travel twice, as HTML and again as React's payload, where each cell is an
 * element with its classes (about 1.4 KB a payment, 100 on the largest page); here the payload carries each
 * payment's values once.
 */
export function PaymentRows({ rows }: { rows: readonly PaymentRowView[] }) {
  return rows.map((row) => (
    <tr key={row.id} className="hover:bg-slate-50" data-payment-id={row.id}>
      <RowHeader>{row.day}</RowHeader>
      <Td numeric>
        <span data-amount={row.amount} className={row.amount.startsWith('-') ? 'text-violet-800' : undefined}>
          {row.amountText}
        </span>
      </Td>
      <Td cardHidden>
        <span data-account-id={row.account.id}>{row.account.label}</span>
      </Td>
      <Td>
        {row.partner}
        {row.iban && <span className="block whitespace-nowrap text-xs text-slate-500 card-hidden">{row.iban}</span>}
      </Td>
      <Td nowrap cardHidden>
        {row.variableSymbol}
      </Td>
      <Td cardHidden>
        <span className="break-words">{row.reference}</span>
      </Td>
      <Td>
        {row.documents.map((document, index) => (
          <span key={document.number} className="whitespace-nowrap">
            {index > 0 && ', '}
            {document.href ? (
              <Link href={document.href} className={plainLinkClass} data-paid-document={document.number}>
                {document.number}
              </Link>
            ) : (
              <span data-paid-document={document.number}>{document.number}</span>
            )}
          </span>
        ))}
      </Td>
    </tr>
  ));
}
