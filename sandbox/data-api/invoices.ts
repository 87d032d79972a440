import { z } from 'zod';

import { datePart, isoDay } from '../data/calendar';
import type { StoredInvoice } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { dateWithin, paymentStatusMatches, sameCode, within } from './list-filters';
import { changedSince, invoiceIndex, type Listed, pageOf } from './list-index';
import { sendNotFound, sendValidationProblem } from './problems';
import { date, flags, int64, oneOf, ordered, parseQuery, skip, text, timestamp, top } from './query';
import { reportRoutes } from './reports';
import { type DataApiHandler, requestOrigin } from './types';
import { invoiceUploadRoutes } from './upload-routes';

export const INVOICE_EXTENDED_FIELDS = ['Items', 'VatBreakdowns', 'Payments', 'LinkedDocuments'] as const;
type Extended = (typeof INVOICE_EXTENDED_FIELDS)[number];

const listQuery = z
  .object({
    DeliveryDateFrom: date(),
    DeliveryDateTo: date(),
    OrderNumber: text(20),
    IssueDateFrom: date(),
    IssueDateTo: date(),
    PaymentStatus: oneOf(['0', '1']),
    DueDateStatus: oneOf(['1', '2']),
    NumberingSequence: text(5),
    DocumentNumberFrom: text(20),
    DocumentNumberTo: text(20),
    LastModifiedTimestamp: timestamp(),
    ExtendedFields: flags(INVOICE_EXTENDED_FIELDS),
    Top: top(),
    Skip: skip(),
  })
  .superRefine(
    ordered([
      ['IssueDateFrom', 'IssueDateTo'],
      ['DeliveryDateFrom', 'DeliveryDateTo'],
      ['DocumentNumberFrom', 'DocumentNumberTo'],
    ]),
  );

/** The base record always; the extended parts only when asked for, as the service does to keep lists small. */
export function presentInvoice(
  invoice: StoredInvoice,
  extended: ReadonlySet<Extended>,
  origin: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...invoice.record,
    pdfReportLink: `${origin}/api/invoices/${invoice.record.id}/reports/17`,
  };
  if (extended.has('Items')) out.items = invoice.details.items;
  if (extended.has('VatBreakdowns')) out.vatBreakdowns = invoice.details.vatBreakdowns;
  if (extended.has('Payments')) out.payments = invoice.details.payments;
  if (extended.has('LinkedDocuments')) out.linkedDocuments = invoice.details.linkedDocuments;
  return out;
}

const list: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, listQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const company = ctx.company();
  const today = isoDay(company.today);
  const matches = (listed: Listed<StoredInvoice>) => {
    const r = listed.item.record;
    const due = datePart(r.dueDate);
    const open = r.paymentStatus === 0 || r.paymentStatus === 3;
    return (
      dateWithin(r.issueDate, q.IssueDateFrom, q.IssueDateTo) &&
      dateWithin(r.deliveryDate, q.DeliveryDateFrom, q.DeliveryDateTo) &&
      (q.OrderNumber === undefined || r.orderNumber === q.OrderNumber) &&
      paymentStatusMatches(r.paymentStatus, q.PaymentStatus) &&
      // DueDateStatus relative to the sandbox's today: 1 InDue = due today or later (paid or not);
      // 2 OverDue = due before today and not fully paid.
      (q.DueDateStatus === undefined || (q.DueDateStatus === '1' ? due >= today : due < today && open)) &&
      sameCode(r.numberingSequence, q.NumberingSequence) &&
      within(r.documentNumber, q.DocumentNumberFrom, q.DocumentNumberTo) &&
      changedSince(listed, q.LastModifiedTimestamp)
    );
  };
  const origin = requestOrigin(ctx);
  sendJson(ctx.res, 200, {
    data: pageOf(invoiceIndex(company), matches, q.Top, q.Skip).map((i) => presentInvoice(i, q.ExtendedFields, origin)),
  });
};

const ALL_EXTENDED = new Set<Extended>(INVOICE_EXTENDED_FIELDS);

/** One invoice, in full (every extended part), under `data`: one of the two shapes clients see from the service. */
const single: DataApiHandler = (ctx) => {
  const id = int64(ctx.params.id ?? '');
  if (id === undefined) return sendValidationProblem(ctx.res, { id: [`The value '${ctx.params.id}' is not valid.`] });
  const invoice = invoiceIndex(ctx.company()).byId.get(id);
  if (!invoice) return sendNotFound(ctx.res, `No invoice with id ${id}.`);
  sendJson(ctx.res, 200, { data: presentInvoice(invoice, ALL_EXTENDED, requestOrigin(ctx)) });
};

export const invoiceRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/invoices', handler: list },
  { method: 'GET', path: '/api/invoices/:id', handler: single },
  ...reportRoutes('invoice'),
  ...invoiceUploadRoutes,
];
