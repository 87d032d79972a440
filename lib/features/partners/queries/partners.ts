import 'server-only';

import { inArray, type SQL, sql } from 'drizzle-orm';

import type { MirrorCompany } from '@/lib/owners/mirror/company';
import { UNPAID_STATUSES } from '@/lib/owners/mirror/query/filters';
import { foldedSql } from '@/lib/owners/mirror/query/folded-sql';
import { currencyCodeSql, eurLeftToPaySql } from '@/lib/owners/mirror/query/left-to-pay-sql';
import { overdueSql } from '@/lib/owners/mirror/query/overdue-sql';
import type { Decimal } from '@/lib/owners/mirror/query/totals';
import { documentsOf } from '@/lib/owners/mirror/rows';
import { searchWordsOf } from '@/lib/owners/mirror/search-text';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { mirrorDocuments } from '@/lib/platform/db/schema';

import { AGEING_BUCKETS, type AgeingBucket } from './ageing-buckets';
import { type PartnerSort, type PartnerSortKey, partnerSorts } from './sort';

/**
 * The company's partners from its mirror (issue 19): one row per partner its invoices and expenses name, grouped by
 * the key the sync gave each document (lib/owners/mirror/partner-key.ts: `ico:` and the IČO, else `name:` and the
 * folded name), with what is left to pay on each side, what of it is overdue and how late.
 *
 * - Receivables are what is left to pay on the partner's invoices (`amount_due`, the record's sumForPayment), payables
 *   the same on its expenses. Delivery notes are no debts and name no partner here. Credit notes carry negative
 *   amounts, so they reduce the balance of their side, and are never overdue (overdue-sql.ts).
 * - Overdue: the lists' rule (overdue-sql.ts): not fully paid, due strictly before the company's `today`, not a credit
 *   note. Days late are calendar days (`today - due date`). Ageing puts each document's amount left to pay into one
 *   bucket: not due (not overdue by that rule: not yet due, no due date, paid, or a credit note), 1–30, 31–60, 61–90,
 *   more than 90 days; the buckets of a side add up to that side's total.
 * - Currency: amounts are EUR. `amount_due` is in the document's currency; a document in another currency is
 *   converted by its own ratio, its EUR (legislative) total over its total in its currency, and rounded to the cent,
 *   document by document, before anything is summed, so every sum is an exact decimal summed by the database. A
 *   document without a currency is taken as EUR; one in another currency without both totals cannot be converted
 *   and is left out of the sums (`unconverted` counts them).
 * - The partner's name is the one its most recent document gives (by issue day, then change, then id).
 */

export type PartnerAgeing = Record<AgeingBucket, Decimal>;

export type PartnerRow = {
  /** The partner's key: its statement's address (URL-encoded). */
  key: string;
  /** As its most recent document names it. */
  name: string | null;
  /** The IČO of a partner keyed by it (else null: a partner known by its name only). */
  registrationId: string | null;
  /** Its invoices and expenses. */
  documents: number;
  /** The currencies of its documents, e.g. ['CZK', 'EUR']. */
  currencies: string[];
  /** EUR: left to pay on its invoices (we are owed) and on its expenses (we owe), and of each what is overdue. */
  receivables: Decimal;
  payables: Decimal;
  /** Receivables less payables: above zero the partner owes the company, below it the company owes the partner. */
  balance: Decimal;
  overdueReceivables: Decimal;
  overduePayables: Decimal;
  /** Days the oldest overdue invoice (expense) is late; null when none is overdue. */
  oldestReceivableDays: number | null;
  oldestPayableDays: number | null;
  receivablesAgeing: PartnerAgeing;
  payablesAgeing: PartnerAgeing;
  /** Documents in another currency whose amount could not be converted to EUR (left out of the sums). */
  unconverted: number;
};

export type PartnersTotals = {
  /** Partners the view covers (all pages). */
  count: number;
  receivables: Decimal;
  payables: Decimal;
  overdueReceivables: Decimal;
  overduePayables: Decimal;
};

export type PartnersView = {
  /** The search box: every word (folded) occurs in the name or the ids (IČO, DIČ, IČ DPH) one of its documents gives. */
  q?: string;
  sort?: PartnerSort;
  /** The page: at most `top` (null: every one, for an export) after `skip`. */
  top: number | null;
  skip: number;
  /** The company's day ("yyyy-MM-dd"), what overdue counts from. */
  today: string;
};

export type PartnersPage = { partners: PartnerRow[]; totals: PartnersTotals };

const d = mirrorDocuments;

/** What is left to pay on the document, in EUR (left-to-pay-sql.ts: the rule the overview sums by too). */
const eurDue = eurLeftToPaySql;
const currencyCode = currencyCodeSql;

/** The debts of the company's partners: its invoices and expenses that name a partner. */
const debtsOf = (company: MirrorCompany, key?: string): SQL =>
  sql`${documentsOf(company)} and ${d.kind} in ('invoices', 'expenses') and ${d.partnerKey} is not null${
    key === undefined ? sql`` : sql` and ${d.partnerKey} = ${key}`
  }`;

/** The most recent first: how "the partner's latest document" is chosen, the same everywhere. */
export const latestFirst = sql`${d.issueDate} desc nulls last, ${d.lastModified} collate "C" desc nulls last,
  ${d.kind} collate "C" desc, ${d.id} collate "C" desc`;

/** overdue-sql.ts's rule (overdueSql), false rather than null for a document without a due date. */
const overdueOf = (today: string) => sql`coalesce(${overdueSql(today)}, false)`;

/** One row per document with what the partners' sums need (the CTE `docs`). */
function documentsCte(company: MirrorCompany, today: string, key?: string, q?: string): SQL {
  const words = searchWordsOf(q);
  // A search keeps the partners one of whose documents names them with every word (its name folded, its ids), and
  // all their documents: what is summed is always the whole partner.
  const searched =
    words.length === 0
      ? sql``
      : // An array read once (an init plan), whatever the planner knows of the table: never a join it could repeat.
        sql` and ${d.partnerKey} = any(array(
          select distinct ${d.partnerKey} from ${d} where ${debtsOf(company)} and ${sql.join(
            words.map(
              (word) =>
                sql`(coalesce(${d.partnerNameFolded}, '') || ' ' || lower(coalesce(${d.partnerIds}, ''))) like ${likeAnywhere(word)}`,
            ),
            sql` and `,
          )}))`;
  // Materialized, and the rule of overdue once per document (`offset 0` keeps the inner query apart, so its columns
  // are not written out again wherever they are read): each expression once per document, not once per sum.
  return sql`docs as materialized (
    select one.*, case when overdue then days end as late, ${bucketOf(sql`overdue`, sql`days`)} as bucket
    from (
      select ${d.partnerKey} as key, ${d.kind} as kind, ${d.partnerName} as name, ${d.issueDate} as issue_date,
        ${d.lastModified} as last_modified, ${d.id} as id, ${d.amountDue} as amount_due,
        ${currencyCode} as currency, ${eurDue} as eur_due,
        ${overdueOf(today)} as overdue, (${today}::date - ${d.dueDate}) as days
      from ${d}
      where ${debtsOf(company, key)}${searched}
      offset 0
    ) as one
  )`;
}

/** The document's ageing bucket: not due unless overdue, then by days late. */
const bucketOf = (overdue: SQL, late: SQL) => sql`case
  when not ${overdue} then 'notDue'
  when ${late} <= 30 then 'days1to30'
  when ${late} <= 60 then 'days31to60'
  when ${late} <= 90 then 'days61to90'
  else 'days90plus' end`;

const sideOf = { receivables: 'invoices', payables: 'expenses' } as const;
/** A column's name (unquoted SQL names are lower case). */
const ageingColumn = (side: keyof typeof sideOf, bucket: AgeingBucket) => `${side}_${bucket.toLowerCase()}`;

/** `like` treats %, _ and its escape character specially: a word means only its own letters. */
const likeAnywhere = (word: string) => `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;

/** The partners' rows (the CTE `partners`): one per key, summed in numeric. */
function partnersCte(): SQL {
  const sumOf = (condition: SQL) => sql`coalesce(sum(eur_due) filter (where ${condition}), 0)`;
  const ageing = (Object.keys(sideOf) as (keyof typeof sideOf)[]).flatMap((side) =>
    AGEING_BUCKETS.map(
      (bucket) =>
        sql`${sumOf(sql`kind = ${sideOf[side]} and bucket = ${bucket}`)} as ${sql.raw(ageingColumn(side, bucket))}`,
    ),
  );
  return sql`partners as (
    select key,
      (array_agg(name order by issue_date desc nulls last, last_modified collate "C" desc nulls last,
        kind collate "C" desc, id collate "C" desc))[1] as name,
      count(*)::int as documents,
      string_agg(distinct currency, ' ' order by currency) as currencies,
      ${sumOf(sql`kind = 'invoices'`)} as receivables,
      ${sumOf(sql`kind = 'expenses'`)} as payables,
      ${sumOf(sql`kind = 'invoices'`)} - ${sumOf(sql`kind = 'expenses'`)} as balance,
      ${sumOf(sql`kind = 'invoices' and overdue`)} as overdue_receivables,
      ${sumOf(sql`kind = 'expenses' and overdue`)} as overdue_payables,
      max(late) filter (where kind = 'invoices')::int as oldest_receivable_days,
      max(late) filter (where kind = 'expenses')::int as oldest_payable_days,
      ${sql.join(ageing, sql`, `)},
      (count(*) filter (where eur_due is null and amount_due is not null))::int as unconverted
    from docs
    group by key
  )`;
}

// Named by the CTE: the answer's columns of the same names are text.
const sortedOn: Record<PartnerSortKey, SQL> = {
  name: sql`${foldedSql(sql`partners.name`)}`,
  receivables: sql`partners.receivables`,
  payables: sql`partners.payables`,
  overdue: sql`partners.overdue_receivables`,
};

/** The order: the sort's key (rows without it last), then the folded name, then the key: a total order. */
function orderOf(sort: PartnerSort): SQL {
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  const then = sort.key === 'name' ? sql`` : sql`, ${sortedOn.name} asc nulls last`;
  return sql`${sortedOn[sort.key]} ${direction} nulls last${then}, partners.key collate "C" asc`;
}

type Raw = Record<string, string | number | null> & {
  key: string;
  name: string | null;
  documents: number;
  currencies: string | null;
  receivables: string;
  payables: string;
  balance: string;
  overdue_receivables: string;
  overdue_payables: string;
  oldest_receivable_days: number | null;
  oldest_payable_days: number | null;
  unconverted: number;
};

const PARTNER_COLUMNS = [
  ...['receivables', 'payables', 'balance', 'overdue_receivables', 'overdue_payables'].map(
    (name) => `${name}::text as ${name}`,
  ),
  ...(Object.keys(sideOf) as (keyof typeof sideOf)[]).flatMap((side) =>
    AGEING_BUCKETS.map((bucket) => `${ageingColumn(side, bucket)}::text as ${ageingColumn(side, bucket)}`),
  ),
];

const selectPartner = sql.raw(
  ['key', 'name', 'documents', 'currencies', 'oldest_receivable_days', 'oldest_payable_days', 'unconverted']
    .concat(PARTNER_COLUMNS)
    .join(', '),
);

function rowOf(raw: Raw): PartnerRow {
  const ageing = (side: keyof typeof sideOf) =>
    Object.fromEntries(
      AGEING_BUCKETS.map((bucket) => [bucket, String(raw[ageingColumn(side, bucket)] ?? 0)]),
    ) as PartnerAgeing;
  return {
    key: raw.key,
    name: raw.name,
    registrationId: raw.key.startsWith('ico:') ? raw.key.slice(4) : null,
    documents: Number(raw.documents),
    currencies: raw.currencies ? raw.currencies.split(' ') : [],
    receivables: raw.receivables,
    payables: raw.payables,
    balance: raw.balance,
    overdueReceivables: raw.overdue_receivables,
    overduePayables: raw.overdue_payables,
    oldestReceivableDays: raw.oldest_receivable_days === null ? null : Number(raw.oldest_receivable_days),
    oldestPayableDays: raw.oldest_payable_days === null ? null : Number(raw.oldest_payable_days),
    receivablesAgeing: ageing('receivables'),
    payablesAgeing: ageing('payables'),
    unconverted: Number(raw.unconverted),
  };
}

const TOTAL_COLUMNS = ['receivables', 'payables', 'overdue_receivables', 'overdue_payables'] as const;

type RawTotals = { total_count: number } & Record<`total_${(typeof TOTAL_COLUMNS)[number]}`, string>;

const totalsOf = (raw: RawTotals | undefined): PartnersTotals => ({
  count: Number(raw?.total_count ?? 0),
  receivables: raw?.total_receivables ?? '0',
  payables: raw?.total_payables ?? '0',
  overdueReceivables: raw?.total_overdue_receivables ?? '0',
  overduePayables: raw?.total_overdue_payables ?? '0',
});

/** The totals of every partner the view covers, as window sums beside each row (or alone: `over ()` of nothing). */
const totalColumns = (windowed: boolean) =>
  sql.raw(
    [
      `count(*)${windowed ? ' over ()' : ''}::int as total_count`,
      ...TOTAL_COLUMNS.map((name) => `coalesce(sum(${name})${windowed ? ' over ()' : ''}, 0)::text as total_${name}`),
    ].join(', '),
  );

/**
 * A page of the company's partners (`top` after `skip`, in the view's order) and the totals of all the view covers:
 * how many partners, their receivables, payables and what of each is overdue (EUR). One statement over the
 * company's invoices and expenses, grouped by partner.
 */
export async function partnersOf(db: Db, company: MirrorCompany, view: PartnersView): Promise<PartnersPage> {
  const sort = view.sort ?? partnerSorts.defaultSort;
  const ctes = sql`with ${documentsCte(company, view.today, undefined, view.q)}, ${partnersCte()}`;
  const rows = rowsOf<Raw & RawTotals>(
    await db.execute(sql`${ctes}
      select ${selectPartner}, ${totalColumns(true)}
      from partners
      order by ${orderOf(sort)}
      limit ${view.top} offset ${view.skip}`),
  );
  if (rows.length > 0) return { partners: rows.map(rowOf), totals: totalsOf(rows[0]) };
  // A page past the end (or nothing at all): the totals alone.
  const [totals] = rowsOf<RawTotals>(await db.execute(sql`${ctes} select ${totalColumns(false)} from partners`));
  return { partners: [], totals: totalsOf(totals) };
}

/** One partner's row, by its key; null when none of the company's invoices and expenses names it. */
export async function partnerSummary(
  db: Db,
  company: MirrorCompany,
  key: string,
  today: string,
): Promise<PartnerRow | null> {
  const [row] = rowsOf<Raw>(
    await db.execute(sql`with ${documentsCte(company, today, key)}, ${partnersCte()}
      select ${selectPartner} from partners`),
  );
  return row ? rowOf(row) : null;
}

export type OverduePartner = {
  key: string;
  name: string | null;
  /** EUR left to pay on its overdue invoices. */
  overdue: Decimal;
  /** Its overdue invoices. */
  count: number;
  /** Days the oldest of them is late. */
  oldestDays: number;
};

/**
 * The partners who owe the company the most overdue (EUR left to pay on their overdue invoices; credit notes are never
 * overdue), most first, then by key: for the overview's card, each linking to its statement. Only partners with an
 * overdue invoice; the name as the partners list gives it (its most recent document's).
 */
export async function topOverduePartners(
  db: Db,
  company: MirrorCompany,
  today: string,
  limit = 5,
): Promise<OverduePartner[]> {
  const rows = rowsOf<{ key: string; name: string | null; overdue: string; count: number; oldest_days: number }>(
    await db.execute(sql`with late as (
        select ${d.partnerKey} as key, sum(${eurDue}) as overdue, count(*)::int as count,
          max(${today}::date - ${d.dueDate})::int as oldest_days
        from ${d}
        where ${debtsOf(company)} and ${d.kind} = 'invoices' and ${overdueSql(today)}
        group by ${d.partnerKey}
        having coalesce(sum(${eurDue}), 0) > 0
        order by overdue desc, ${d.partnerKey} collate "C" asc
        limit ${limit}
      )
      select key, overdue::text as overdue, count, oldest_days,
        (select ${d.partnerName} from ${d} where ${debtsOf(company)} and ${d.partnerKey} = late.key
          order by ${latestFirst} limit 1) as name
      from late
      order by late.overdue desc, key collate "C" asc`),
  );
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    overdue: row.overdue,
    count: Number(row.count),
    oldestDays: Number(row.oldest_days),
  }));
}

export type PartnerReceivable = {
  key: string;
  name: string | null;
  /** EUR left to pay on its invoices: the partner's `receivables`, credit notes netted. */
  receivables: Decimal;
  /** Its unpaid invoices (not paid or partially paid). */
  unpaid: number;
};

/**
 * The partners who owe the company the most (their `receivables`, as partnersOf sums them), most first, then by key:
 * for the overview's chart of the customers owing most. Only partners with something left to pay; the name as the
 * partners list gives it.
 */
export async function topReceivables(db: Db, company: MirrorCompany, limit: number): Promise<PartnerReceivable[]> {
  const rows = rowsOf<{ key: string; name: string | null; receivables: string; unpaid: number }>(
    await db.execute(sql`with owed as (
        select ${d.partnerKey} as key, coalesce(sum(${eurDue}), 0) as receivables,
          (count(*) filter (where ${inArray(d.paymentStatus, UNPAID_STATUSES)}))::int as unpaid
        from ${d}
        where ${debtsOf(company)} and ${d.kind} = 'invoices'
        group by ${d.partnerKey}
        having coalesce(sum(${eurDue}), 0) > 0
        order by receivables desc, ${d.partnerKey} collate "C" asc
        limit ${limit}
      )
      select key, receivables::text as receivables, unpaid,
        (select ${d.partnerName} from ${d} where ${debtsOf(company)} and ${d.partnerKey} = owed.key
          order by ${latestFirst} limit 1) as name
      from owed
      order by owed.receivables desc, key collate "C" asc`),
  );
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    receivables: row.receivables,
    unpaid: Number(row.unpaid),
  }));
}
