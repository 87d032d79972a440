import { z } from 'zod';

import type { StoredDeliveryNote } from '../data/types';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { dateWithin, sameCode, within } from './list-filters';
import { changedSince, deliveryNoteIndex, type Listed, pageOf } from './list-index';
import { sendNotFound, sendValidationProblem } from './problems';
import { date, flags, int64, ordered, parseQuery, skip, text, timestamp, top } from './query';
import { reportRoutes } from './reports';
import type { DataApiHandler } from './types';
import { deliveryNoteUploadRoutes } from './upload-routes';

const listQuery = z
  .object({
    IssueDateFrom: date(),
    IssueDateTo: date(),
    // The interface allows one extended part on delivery notes: their items.
    ExtendedFields: flags(['Items'] as const),
    NumberingSequence: text(5),
    DocumentNumberFrom: text(20),
    DocumentNumberTo: text(20),
    LastModifiedTimestamp: timestamp(),
    Top: top(),
    Skip: skip(),
  })
  .superRefine(
    ordered([
      ['IssueDateFrom', 'IssueDateTo'],
      ['DocumentNumberFrom', 'DocumentNumberTo'],
    ]),
  );

export function presentDeliveryNote(note: StoredDeliveryNote, withItems: boolean): Record<string, unknown> {
  return withItems ? { ...note.record, items: note.items } : { ...note.record };
}

const list: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, listQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const matches = (listed: Listed<StoredDeliveryNote>) => {
    const r = listed.item.record;
    return (
      dateWithin(r.issueDate, q.IssueDateFrom, q.IssueDateTo) &&
      sameCode(r.numberingSequence, q.NumberingSequence) &&
      within(r.documentNumber, q.DocumentNumberFrom, q.DocumentNumberTo) &&
      changedSince(listed, q.LastModifiedTimestamp)
    );
  };
  const withItems = q.ExtendedFields.has('Items');
  const found = pageOf(deliveryNoteIndex(ctx.company()), matches, q.Top, q.Skip);
  sendJson(ctx.res, 200, { data: found.map((n) => presentDeliveryNote(n, withItems)) });
};

/** One delivery note with its items, at the top level (no `data` wrapper): the other shape clients must accept. */
const single: DataApiHandler = (ctx) => {
  const id = int64(ctx.params.id ?? '');
  if (id === undefined) return sendValidationProblem(ctx.res, { id: [`The value '${ctx.params.id}' is not valid.`] });
  const note = deliveryNoteIndex(ctx.company()).byId.get(id);
  if (!note) return sendNotFound(ctx.res, `No delivery note with id ${id}.`);
  sendJson(ctx.res, 200, presentDeliveryNote(note, true));
};

export const deliveryNoteRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/delivery-notes', handler: list },
  { method: 'GET', path: '/api/delivery-notes/:id', handler: single },
  ...reportRoutes('deliveryNote'),
  ...deliveryNoteUploadRoutes,
];
