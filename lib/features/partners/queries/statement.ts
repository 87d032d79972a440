import 'server-only';

import { type SQL, sql } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { creditsThePartnerSql, overdueSql } from '@/lib/owners/mirror/query/overdue-sql';
import type { Decimal } from '@/lib/owners/mirror/query/totals';
import { documentsOf } from '@/lib/owners/mirror/rows';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';
import { partnerSchema } from '@/lib/service/schemas/common';

import { latestFirst } from './partners';

/**
 * One partner's statement from the company's mirror (issue 19): its invoices, expenses and the payments on them, by
 * date, with a running balance, in each document currency. Read through the partner-key index: one statement.
 *
 * - A line's effect is signed as the partner's account reads it, from the company's side: positive is a debit (what
 *   the partner owes us grows: an invoice, a payment we made on one of its expenses), negative a credit (an expense:
 *   what we owe it; a payment it made on an invoice; a credit note, whose total is negative). The balance is the sum
 *   of the effects so far: above zero the partner owes us, below zero we owe it.
 * - Payments come from the documents' own records: an invoice's `payments` (date and amount, in the invoice's
 *   currency, every payment recorded on it, with an account or not). The service's payments list
 *   (`mirror_payments`) is not read here: its payments recorded with an account are the same payments again, and
 *   counting both would count them twice; it also names a payment's documents only weakly (partner's name, numbers).
 * - What the records do not itemize is one line of its own right after its document, without a date ("settled"):
 *   a document's total less what is left to pay less its itemized payments. Expenses carry no payments, so what was
 *   paid on an expense is such a line; an invoice whose payments add up is never given one. So each document adds
 *   exactly what is left to pay on it to the balance, and the statement's final balance of a currency is its
 *   receivables less its payables, as the partners list counts them.
 * - Amounts stay in the document's currency (a balance confirmation is in the currency the documents were issued
 *   in); a partner with documents in several currencies has a statement per currency, each with its own balance. A
 *   document without a currency is taken as EUR.
 * - Order: by day (documents by issue day, payments by their day; lines without a day last), documents before
 *   payments on the same day, invoices before expenses, then by number and id; a document's "settled" line follows it.
 */

export type StatementLineKind = 'document' | 'payment' | 'settled';

export type StatementLine = {
  line: StatementLineKind;
  /** The document the line is about (a payment's: the document it paid). */
  kind: 'invoices' | 'expenses';
  id: string;
  documentNumber: string | null;
  /** "yyyy-MM-dd": the issue day of a document, the day of a payment; null for "settled" (and a day not given). */
  day: string | null;
  currency: string;
  /** Signed: positive the partner owes us more (debit), negative less (credit). Null when the record has no amount. */
  effect: Decimal | null;
  /** The running balance of the line's currency after it. */
  balance: Decimal;
  /** Document lines: its due day, what is left to pay (its currency), status, type, days overdue, credit note. */
  dueDate: string | null;
  amountDue: Decimal | null;
  paymentStatus: number | null;
  invoiceType: number | null;
  documentType: number | null;
  daysOverdue: number | null;
  credit: boolean;
};

export type StatementCurrency = {
  currency: string;
  /** Invoices and expenses in this currency. */
  documents: number;
  /** Sums of the lines' effects: debits, credits (as a positive amount), and the balance (debit − credit). */
  debit: Decimal;
  credit: Decimal;
  balance: Decimal;
  /** Left to pay, in this currency: on invoices (receivables) and expenses (payables), and of each what is overdue. */
  receivables: Decimal;
  payables: Decimal;
  overdueReceivables: Decimal;
  overduePayables: Decimal;
};

export type Statement = {
  lines: StatementLine[];
  /** One per currency, by code. */
  currencies: StatementCurrency[];
};

const d = mirrorDocuments;

type Raw = {
  line: StatementLineKind;
  kind: 'invoices' | 'expenses';
  id: string;
  document_number: string | null;
  day: string | null;
  currency: string;
  effect: string | null;
  balance: string;
  due_date: string | null;
  amount_due: string | null;
  payment_status: number | null;
  invoice_type: string | null;
  document_type: string | null;
  late: number | null;
  credit: boolean;
  documents: number;
  debit: string;
  credit_total: string;
  balance_total: string;
  receivables: string;
  payables: string;
  overdue_receivables: string;
  overdue_payables: string;
};

const integerOf = (value: string | null) => (value !== null && /^-?\d+$/.test(value) ? Number(value) : null);

/** A document's currency as its statement groups it: its code, or EUR when it states none. */
const currencyOf = sql`(coalesce(nullif(upper(trim(${d.currency})), ''), 'EUR') collate "C")`;

/** The order of the lines, the same for the running balance and the answer. */
const lineOrder = sql`l.day asc nulls last, l.grp asc, l.kind collate "C" asc, l.number_folded collate "C" asc nulls last,
    char_length(l.id) asc, l.id collate "C" asc, l.sub asc, l.ord asc`;

const perCurrency = sql`partition by l.currency`;

/** A currency's figure on its first line only (the rest would only repeat it). */
const firstOnly = (value: SQL) =>
  sql`case when row_number() over (${perCurrency} order by ${lineOrder}) = 1 then ${value} end`;

/**
 * The partner's documents (`docs`), the payments their records list (`paid`), what each document's payments add up
 * to (`settled`) and, from the three, every line of the statement (`lines`), unordered. Every line carries what the
 * answer shows of its document: the lines are never joined back to the documents.
 */
function statementLinesSql(company: MirrorCompany, key: string, today: string): SQL {
  const overdue = sql`coalesce(${overdueSql(today)}, false)`;
  return sql`with docs as materialized (
        select ${d.kind} as kind, ${d.id} as id, ${d.documentNumber} as document_number,
          ${d.documentNumberFolded} as number_folded, to_char(${d.issueDate}, 'YYYY-MM-DD') as day,
          to_char(${d.dueDate}, 'YYYY-MM-DD') as due_date, ${d.paymentStatus} as payment_status,
          ${d.amountDue} as amount_due, ${currencyOf} as currency,
          coalesce(${d.totalInclVatCurrency}, case when ${currencyOf} = 'EUR' then ${d.totalInclVat} end) as total,
          ${d.record} ->> 'invoiceType' as invoice_type, ${d.record} ->> 'documentType' as document_type,
          case when jsonb_typeof(${d.record} -> 'payments') = 'array' then ${d.record} -> 'payments'
            else '[]'::jsonb end as payments,
          ${overdue} as overdue,
          case when ${overdue} then (${today}::date - ${d.dueDate}) end as late,
          ${creditsThePartnerSql} as credit
        from ${d}
        where ${documentsOf(company)} and ${d.kind} in ('invoices', 'expenses') and ${d.partnerKey} = ${key}
      ),
      paid as materialized (
        select docs.kind, docs.id, docs.currency, docs.document_number, docs.number_folded, p.ord,
          case when (p.value ->> 'date') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(p.value ->> 'date', 10) end as day,
          (p.value ->> 'amount')::numeric as amount
        from docs, jsonb_array_elements(docs.payments) with ordinality as p(value, ord)
        where jsonb_typeof(p.value -> 'amount') = 'number'
      ),
      -- What each document's payments add up to, beside it (one pass over its own payments, no join).
      settled as (
        select docs.*, docs.total - docs.amount_due - coalesce((
            select sum((p.value ->> 'amount')::numeric) from jsonb_array_elements(docs.payments) as p(value)
            where jsonb_typeof(p.value -> 'amount') = 'number'), 0) as unlisted
        from docs
      ),
      lines as (
        select 'document' as line, kind, id, day, 0 as grp, 0 as sub, 0::bigint as ord,
          case when kind = 'invoices' then total else -total end as effect,
          currency, document_number, number_folded, due_date, amount_due, payment_status, invoice_type,
          document_type, late, credit, overdue
        from docs
        union all
        select 'payment', kind, id, day, 1, 0, ord, case when kind = 'invoices' then -amount else amount end,
          currency, document_number, number_folded, null, null, null, null, null, null, false, false
        from paid
        union all
        select 'settled', kind, id, day, 0, 1, 0, (case when kind = 'invoices' then -1 else 1 end) * unlisted,
          currency, document_number, number_folded, null, null, null, null, null, null, false, false
        from settled
        where total is not null and amount_due is not null and unlisted <> 0
      )`;
}

/** Each currency's totals (StatementCurrency), as columns of its first line. */
const currencyTotalsSql = sql`${firstOnly(sql`(count(*) filter (where l.line = 'document') over (${perCurrency}))::int`)} as documents,
        ${firstOnly(sql`coalesce(sum(greatest(l.effect, 0)) over (${perCurrency}), 0)::text`)} as debit,
        ${firstOnly(sql`coalesce(sum(greatest(-l.effect, 0)) over (${perCurrency}), 0)::text`)} as credit_total,
        ${firstOnly(sql`coalesce(sum(l.effect) over (${perCurrency}), 0)::text`)} as balance_total,
        ${firstOnly(sql`coalesce(sum(l.amount_due) filter (where l.kind = 'invoices') over (${perCurrency}), 0)::text`)}
          as receivables,
        ${firstOnly(sql`coalesce(sum(l.amount_due) filter (where l.kind = 'expenses') over (${perCurrency}), 0)::text`)}
          as payables,
        ${firstOnly(sql`coalesce(sum(l.amount_due) filter (where l.kind = 'invoices' and l.overdue) over (${perCurrency}), 0)::text`)}
          as overdue_receivables,
        ${firstOnly(sql`coalesce(sum(l.amount_due) filter (where l.kind = 'expenses' and l.overdue) over (${perCurrency}), 0)::text`)}
          as overdue_payables`;

/** The statement's one query: its lines in order, each with its currency's running balance, totals on the first. */
function statementSql(company: MirrorCompany, key: string, today: string): SQL {
  return sql`${statementLinesSql(company, key, today)}
      select l.line, l.kind, l.id, l.document_number, case when l.line = 'settled' then null else l.day end as day,
        l.currency, l.effect::text as effect,
        sum(coalesce(l.effect, 0)) over (${perCurrency} order by ${lineOrder}
          rows between unbounded preceding and current row)::text as balance,
        l.due_date, l.amount_due::text as amount_due, l.payment_status, l.invoice_type, l.document_type,
        l.late, l.credit,
        ${currencyTotalsSql}
      from lines l
      order by l.currency asc, ${lineOrder}`;
}

/** One per currency, by code: read from the first line of each (the rows come ordered by currency). */
function currenciesOf(rows: readonly Raw[]): StatementCurrency[] {
  const currencies: StatementCurrency[] = [];
  for (const row of rows) {
    if (currencies.at(-1)?.currency === row.currency) continue;
    currencies.push({
      currency: row.currency,
      documents: Number(row.documents),
      debit: row.debit,
      credit: row.credit_total,
      balance: row.balance_total,
      receivables: row.receivables,
      payables: row.payables,
      overdueReceivables: row.overdue_receivables,
      overduePayables: row.overdue_payables,
    });
  }
  return currencies;
}

/** A row as a line: what only a document's line shows is null (or false) on its payments' and "settled" lines. */
function lineOf(row: Raw): StatementLine {
  const document = row.line === 'document';
  return {
    line: row.line,
    kind: row.kind,
    id: row.id,
    documentNumber: row.document_number,
    day: row.day,
    currency: row.currency,
    effect: row.effect,
    balance: row.balance,
    dueDate: document ? row.due_date : null,
    amountDue: document ? row.amount_due : null,
    paymentStatus: document && row.payment_status !== null ? Number(row.payment_status) : null,
    invoiceType: document ? integerOf(row.invoice_type) : null,
    documentType: document ? integerOf(row.document_type) : null,
    daysOverdue: document && row.late !== null ? Number(row.late) : null,
    credit: document && row.credit,
  };
}

/**
 * The statement of the partner `key` (partner-key.ts) in the company's mirror, on the company's `today`; no lines
 * when none of its invoices and expenses names it. Every sum is numeric, by the database.
 */
export async function statementOf(db: Db, company: MirrorCompany, key: string, today: string): Promise<Statement> {
  const rows = rowsOf<Raw>(await db.execute(statementSql(company, key, today)));
  return { currencies: currenciesOf(rows), lines: rows.map(lineOf) };
}

export type StatementPartner = {
  name: string | null;
  registrationId: string | null;
  taxId: string | null;
  vatId: string | null;
  /** Street, post code and city, country: as the most recent document gives the address. */
  address: string[];
};

/** Who the partner is, as its most recent invoice or expense names it; null when none names the key. */
export async function statementPartner(db: Db, company: MirrorCompany, key: string): Promise<StatementPartner | null> {
  const [row] = await db
    .select({ name: d.partnerName, partner: sql<unknown>`${d.record} -> 'partner'` })
    .from(d)
    .where(sql`${documentsOf(company)} and ${d.kind} in ('invoices', 'expenses') and ${d.partnerKey} = ${key}`)
    .orderBy(latestFirst)
    .limit(1);
  if (!row) return null;
  const parsed = partnerSchema.safeParse(row.partner);
  const partner = parsed.success ? parsed.data : null;
  const address = partner?.address ?? partner?.postalAddress;
  const text = (value: string | null | undefined) => value?.trim() || null;
  return {
    name: row.name,
    registrationId: text(partner?.registrationId),
    taxId: text(partner?.taxId),
    vatId: text(partner?.vatId),
    address: [
      text(address?.street),
      [text(address?.postCode), text(address?.city)].filter(Boolean).join(' ') || null,
      text(address?.country),
    ].filter((part): part is string => part !== null),
  };
}
