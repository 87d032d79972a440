import 'server-only';

import { sql } from 'drizzle-orm';

import { readPaymentDisplay } from '@/lib/base/imports/payment-display';
import { matchRecordedPayments, type PaymentFacts } from '@/lib/base/imports/same-payment';
import { recordedPaymentsOn } from '@/lib/owners/mirror/recorded-payments';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { storable } from '@/lib/platform/db/storable';

import { type ImportCompany, isImportId, type LineProblem } from './lines';

/**
 * "Probably already recorded" (issue 30; the rule: lib/base/imports/same-payment.ts). The same bank payment downloaded
 * in another format has other bank references, so another externalId: `duplicate` (the same id) cannot catch it. A
 * payments import's lines that could still be sent are compared with what the company already has:
 * - the payments in its copy (`mirror_payments`: recorded by us or by anyone else), except those that are lines of
 *   ours (their externalId is this import's, or one of the lines below: the same payment is not counted twice);
 * - the lines of its other imports that are queued, sent or done.
 * A line that meets one becomes `probably-recorded` (one conditional statement: only from `ready` or `unmatched`, and
 * never once the user confirmed it is a payment of its own), its problem naming what it met, for the page's link.
 * Counts, not sets: each payment already there accounts for one line, in the import's order; the lines already
 * flagged, and those the user left out, take theirs first (a line left out stands for a payment not to send).
 * Run on creation and again whenever lines are queued (another import may have sent its line since, the copy may
 * have caught up).
 */

export const PROBABLY_RECORDED = 'probably-recorded';

/** What a flagged line met: another import's line, or a payment of the company's copy. */
export type ProbablyRecordedProblem = LineProblem & {
  code: typeof PROBABLY_RECORDED;
  params: { importId: string; line: string } | { paymentId: string; date: string; variableSymbol: string };
};

type ImportLineRow = {
  line: string;
  import_id: string;
  state: string;
  previous_state: string | null;
  external_id: string | null;
  payload: Record<string, unknown> | null;
  display: unknown;
  confirmed_new: boolean;
};

/** A stored payment line's facts: its statement's (display), else what it sends (payload). */
function factsOfLine(row: Pick<ImportLineRow, 'payload' | 'display'>): PaymentFacts {
  const shown = readPaymentDisplay(row.display);
  const payload = row.payload ?? {};
  const sent = (name: string) => (typeof payload[name] === 'string' ? payload[name] : null);
  return {
    date: shown.date ?? sent('dateOfPayment'),
    amount: shown.amount ?? (typeof payload.sumOfPayment === 'number' ? String(payload.sumOfPayment) : null),
    currency: shown.currency,
    symbols: [shown.variableSymbol, sent('variableSymbol')],
    payerName: shown.counterparty.name ?? sent('partnerName'),
    payerIban: shown.counterparty.iban,
  };
}

const STILL_TO_SEND = ['ready', 'unmatched'];
/** Lines that take a payment already there before the lines still to send: flagged already, or left out by the user. */
const ACCOUNTED_FOR = [PROBABLY_RECORDED, 'ready', 'unmatched'];

/** Marks the import's lines probably recorded; answers the lines marked now. */
export async function markProbablyRecorded(db: Db, company: ImportCompany, importId: string): Promise<string[]> {
  if (!isImportId(importId)) return [];
  const own = await ownLines(db, company, importId);
  const candidates = candidatesOf(own).map((row) => ({ row, facts: factsOfLine(row) }));
  const days = [...new Set(candidates.flatMap(({ facts }) => (facts.date === null ? [] : [facts.date])))];
  if (days.length === 0) return [];

  const ownIds = new Set(own.flatMap((row) => (row.external_id === null ? [] : [row.external_id])));
  const recorded = await recordedOn(db, company, importId, days, ownIds);
  const met = matchRecordedPayments(candidates, recorded);
  const flagged = [...met].flatMap(([at, payment]) => {
    const { row } = candidates[at]!;
    if (!STILL_TO_SEND.includes(row.state)) return [];
    const problem: ProbablyRecordedProblem = { code: PROBABLY_RECORDED, params: payment.params };
    return [{ line: row.line, problems: [problem] }];
  });
  if (flagged.length === 0) return [];
  const result = await db.execute(sql`
    update import_lines l
       set state = 'probably-recorded', previous_state = null, problems = l.problems || f.problems, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(storable(flagged))}::jsonb) as f(line text, problems jsonb)
     where l.import_id = ${importId}::uuid and l.line = f.line
       and l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId}
       and l.state in ('ready', 'unmatched') and l.new_payment_confirmed_at is null
    returning l.line`);
  return rowsOf<{ line: string }>(result).map((row) => row.line);
}

/** The import's payment lines, in its order. */
async function ownLines(db: Db, company: ImportCompany, importId: string): Promise<ImportLineRow[]> {
  return rowsOf<ImportLineRow>(
    await db.execute(sql`
      select l.line, l.import_id, l.state, l.previous_state, l.external_id, l.payload, l.display,
             l.new_payment_confirmed_at is not null as confirmed_new
        from import_lines l
       where l.import_id = ${importId}::uuid and l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId}
         and l.kind = 'payments'
       order by l.position`),
  );
}

/**
 * The lines compared (credits with a body, not confirmed as new): those accounted for first, then those still to
 * send; none when nothing is left to send.
 */
function candidatesOf(own: ImportLineRow[]): ImportLineRow[] {
  const comparable = own.filter(
    (row) =>
      row.payload !== null &&
      row.external_id !== null &&
      !row.confirmed_new &&
      readPaymentDisplay(row.display).direction === 'credit',
  );
  const toSend = comparable.filter((row) => STILL_TO_SEND.includes(row.state));
  if (toSend.length === 0) return [];
  const accountedFor = comparable.filter(
    (row) =>
      row.state === PROBABLY_RECORDED || (row.state === 'excluded' && ACCOUNTED_FOR.includes(row.previous_state ?? '')),
  );
  return [...accountedFor, ...toSend];
}

/**
 * What the company already has on those days: its other imports' lines queued, sent or done, then the payments of its
 * copy; neither counting a line of this import (`ownIds`), nor the copy a line of another import already counted.
 */
async function recordedOn(db: Db, company: ImportCompany, importId: string, days: string[], ownIds: Set<string>) {
  const dayList = sql.join(
    days.map((day) => sql`${day}`),
    sql`, `,
  );
  const elsewhere = rowsOf<ImportLineRow>(
    await db.execute(sql`
      select l.line, l.import_id, l.state, l.previous_state, l.external_id, l.payload, l.display, false as confirmed_new
        from import_lines l
       where l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId} and l.kind = 'payments'
         and l.import_id <> ${importId}::uuid and l.state in ('queued', 'sent', 'done')
         and coalesce(l.display ->> 'date', l.payload ->> 'dateOfPayment') in (${dayList})
       order by l.sent_at nulls last, l.import_id, l.position`),
  ).filter((row) => row.external_id === null || !ownIds.has(row.external_id));
  const oursElsewhere = new Set(elsewhere.flatMap((row) => (row.external_id === null ? [] : [row.external_id])));
  const copy = (await recordedPaymentsOn(db, company, days)).filter(
    (payment) =>
      payment.externalId === null || (!ownIds.has(payment.externalId) && !oursElsewhere.has(payment.externalId)),
  );

  return [
    ...elsewhere.map((row) => ({
      facts: factsOfLine(row),
      params: { importId: row.import_id, line: row.line },
    })),
    ...copy.map((payment) => ({
      facts: {
        date: payment.paymentDate,
        amount: payment.amount,
        currency: payment.currency,
        symbols: [payment.variableSymbol],
        payerName: payment.partnerName,
        payerIban: payment.iban,
      },
      params: { paymentId: payment.id, date: payment.paymentDate ?? '', variableSymbol: payment.variableSymbol ?? '' },
    })),
  ];
}
