import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Payable } from '@/lib/service/records/overdue';
import { isOverdue } from '@/lib/service/records/present';

/** Small labelled marks of a document's state. Words, not colours alone, carry the meaning. */

const pill =
  'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap';

const paymentTone: Record<string, string> = {
  '0': 'bg-slate-50 text-slate-700 ring-slate-500/30',
  '1': 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  '2': 'bg-sky-50 text-sky-800 ring-sky-600/30',
  '3': 'bg-amber-50 text-amber-800 ring-amber-600/30',
};

export function PaymentStatusMark({ status, texts }: { status: number | null | undefined; texts: DocumentTexts }) {
  const key =
    status === 0 || status === 1 || status === 2 || status === 3 ? (String(status) as '0' | '1' | '2' | '3') : null;
  return (
    <span
      className={`${pill} ${key ? paymentTone[key] : 'bg-slate-50 text-slate-500 ring-slate-400/30'}`}
      data-payment-status={key ?? 'unknown'}
    >
      {key ? texts.paymentStatus[key] : texts.paymentStatus.unknown}
    </span>
  );
}

export function OverdueMark({ texts }: { texts: DocumentTexts }) {
  return (
    <span className={`${pill} bg-rose-50 text-rose-800 ring-rose-600/30`} data-overdue="true">
      {texts.overdue}
    </span>
  );
}

/** Paid or not, and overdue on the company's day (`today`); a credit note never is (daysOverdue). */
export function PaymentMarks({ record, today, texts }: { record: Payable; today: string; texts: DocumentTexts }) {
  return (
    <>
      <PaymentStatusMark status={record.paymentStatus} texts={texts} />
      {isOverdue(record, today) && <OverdueMark texts={texts} />}
    </>
  );
}

/** Credit notes (negative amounts) and advance invoices, beside the number so they are seen first. */
export function InvoiceTypeMark({
  invoiceType,
  texts,
}: {
  invoiceType: number | null | undefined;
  texts: DocumentTexts;
}) {
  if (invoiceType === 1) {
    return (
      <span className={`${pill} bg-violet-50 text-violet-800 ring-violet-600/30`} data-credit-note="true">
        {texts.creditNote}
      </span>
    );
  }
  if (invoiceType === 2)
    return <span className={`${pill} bg-slate-50 text-slate-700 ring-slate-500/30`}>{texts.advanceInvoice}</span>;
  return null;
}

/** The outcome of an upload the service reports (webhook): all processed (200), or processed with problems (207). */
export function UploadStatusMark({ status, texts }: { status: 200 | 207; texts: { ok: string; problems: string } }) {
  const ok = status === 200;
  return (
    <span
      className={`${pill} ${ok ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' : 'bg-amber-50 text-amber-800 ring-amber-600/30'}`}
    >
      {ok ? texts.ok : texts.problems}
    </span>
  );
}
