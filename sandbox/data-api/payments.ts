import { z } from 'zod';

import type { PaymentRecord } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { dateWithin } from './list-filters';
import { changedSince, type Listed, pageOf, paymentIndex } from './list-index';
import { sendValidationProblem } from './problems';
import { date, int64, ordered, param, parseQuery, skip, text, timestamp, top } from './query';
import type { DataApiHandler } from './types';
import { paymentUploadRoutes } from './upload-routes';

const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

const listQuery = z
  .object({
    PaymentDateFrom: date(),
    PaymentDateTo: date(),
    AccountId: param<number>((raw) => {
      const value = int64(raw.trim());
      return value === undefined ? { error: `The value '${raw}' is not valid for {name}.` } : { value };
    }),
    ExternalId: text(),
    Iban: text(),
    LastModifiedTimestamp: timestamp(),
    Top: top(),
    Skip: skip(),
  })
  .superRefine(ordered([['PaymentDateFrom', 'PaymentDateTo']]));

/** Only payments entered with an account (the interface: those added only to a document are not listed). */
const list: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, listQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const iban = q.Iban === undefined ? undefined : compactIban(q.Iban);
  const matches = ({ item: p, modifiedMs }: Listed<PaymentRecord>) =>
    dateWithin(p.dateOfPayment, q.PaymentDateFrom, q.PaymentDateTo) &&
    (q.AccountId === undefined || p.accountId === q.AccountId) &&
    (q.ExternalId === undefined || p.externalId === q.ExternalId) &&
    (iban === undefined || (p.iban !== null && compactIban(p.iban) === iban)) &&
    changedSince({ modifiedMs }, q.LastModifiedTimestamp);
  sendJson(ctx.res, 200, { data: pageOf(paymentIndex(ctx.company()), matches, q.Top, q.Skip) });
};

export const paymentRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/payments', handler: list },
  {
    method: 'GET',
    path: '/api/payments/accounts',
    handler: (ctx) => sendJson(ctx.res, 200, { data: ctx.company().accounts }),
  },
  ...paymentUploadRoutes,
];
