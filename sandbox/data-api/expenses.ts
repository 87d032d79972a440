import { z } from 'zod';

import type { StoredExpense } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { dateWithin, paymentStatusMatches, sameCode, within } from './list-filters';
import { changedSince, expenseIndex, type Listed, pageOf } from './list-index';
import { sendNotFound, sendValidationProblem } from './problems';
import { date, decimal, oneOf, ordered, parseQuery, skip, text, timestamp, top, uuid } from './query';
import type { DataApiHandler } from './types';

/** The interface lists 10, 11, 13, 15, 17, 19; the service also has 14 (bank notification), and records carry it. */
export const EXPENSE_TYPES = ['10', '11', '13', '14', '15', '17', '19'] as const;

const listQuery = z
  .object({
    DocumentType: oneOf(EXPENSE_TYPES),
    LastModifiedTimestamp: timestamp(),
    IssueDateFrom: date(),
    IssueDateTo: date(),
    DueDateFrom: date(),
    DueDateTo: date(),
    DeliveryDateFrom: date(),
    DeliveryDateTo: date(),
    ReceivedDateFrom: date(),
    ReceivedDateTo: date(),
    PaymentStatus: oneOf(['0', '1']),
    TotalPriceInclVatFrom: decimal(),
    TotalPriceInclVatTo: decimal(),
    // No length limit here: the interface sets one only on invoices and delivery notes.
    NumberingSequence: text(),
    Top: top(),
    Skip: skip(),
  })
  .superRefine(
    ordered([
      ['IssueDateFrom', 'IssueDateTo'],
      ['DueDateFrom', 'DueDateTo'],
      ['DeliveryDateFrom', 'DeliveryDateTo'],
      ['ReceivedDateFrom', 'ReceivedDateTo'],
      ['TotalPriceInclVatFrom', 'TotalPriceInclVatTo'],
    ]),
  );

const list: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, listQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const matches = ({ item: { record: r }, modifiedMs }: Listed<StoredExpense>) =>
    (q.DocumentType === undefined || String(r.documentType) === q.DocumentType) &&
    changedSince({ modifiedMs }, q.LastModifiedTimestamp) &&
    dateWithin(r.issueDate, q.IssueDateFrom, q.IssueDateTo) &&
    dateWithin(r.dueDate, q.DueDateFrom, q.DueDateTo) &&
    dateWithin(r.deliveryDate, q.DeliveryDateFrom, q.DeliveryDateTo) &&
    dateWithin(r.receivedDate, q.ReceivedDateFrom, q.ReceivedDateTo) &&
    paymentStatusMatches(r.paymentStatus, q.PaymentStatus) &&
    // Amounts in the document's own currency, as printed on it.
    within(r.prices.documentPrices.totalPriceInclVat, q.TotalPriceInclVatFrom, q.TotalPriceInclVatTo) &&
    sameCode(r.numberingSequence, q.NumberingSequence);
  // Newest first; ids are uuids, compared as strings, only to make the order total.
  const found = pageOf(expenseIndex(ctx.company()), matches, q.Top, q.Skip);
  sendJson(ctx.res, 200, { data: found.map((e) => e.record) });
};

/** One expense at the top level (no `data` wrapper), with the journal items the list leaves out. */
const single: DataApiHandler = (ctx) => {
  const id = uuid(ctx.params.id ?? '');
  if (id === undefined) return sendValidationProblem(ctx.res, { id: [`The value '${ctx.params.id}' is not valid.`] });
  const expense = expenseIndex(ctx.company()).byId.get(id);
  if (!expense) return sendNotFound(ctx.res, `No expense with id ${id}.`);
  sendJson(ctx.res, 200, { ...expense.record, journalItems: expense.journalItems });
};

export const expenseRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/expenses', handler: list },
  { method: 'GET', path: '/api/expenses/:id', handler: single },
];
