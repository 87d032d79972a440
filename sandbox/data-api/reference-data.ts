import { z } from 'zod';

import { parseTimestamp } from '../data/calendar';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { compareOrdinal, modifiedSince } from './list-filters';
import { sendValidationProblem } from './problems';
import { boolean, page, parseQuery, skip, text, timestamp, top } from './query';
import type { DataApiHandler } from './types';

const pagingQuery = z.object({ Top: top(), Skip: skip() });

/** Short lists (sequences, warehouses) still honour Top and Skip, like every list of the service. */
function pagedList(select: (ctx: Parameters<DataApiHandler>[0]) => readonly unknown[]): DataApiHandler {
  return (ctx) => {
    const parsed = parseQuery(ctx.url, pagingQuery);
    if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
    sendJson(ctx.res, 200, { data: page(select(ctx), parsed.value.Top, parsed.value.Skip) });
  };
}

const catalogQuery = z.object({
  // Catalog items name their change filter differently from the other lists (service-facts.md).
  CatalogItemChangedTimestamp: timestamp(),
  ItemCode: text(),
  Name: text(),
  OnlyMarkedForEshop: boolean(),
  Top: top(),
  Skip: skip(),
});

/**
 * Oldest change first (then item code): the order an incremental reader wants, since it resumes from the newest
 * timestamp it has seen. ItemCode matches exactly (ignoring case), Name as a case-insensitive substring.
 */
const catalogItems: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, catalogQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const name = q.Name?.toLowerCase();
  const matches = ctx
    .company()
    .catalogItems.filter(
      (item) =>
        modifiedSince(item.lastModifiedTimestamp, q.CatalogItemChangedTimestamp) &&
        (q.ItemCode === undefined || item.itemCode.toLowerCase() === q.ItemCode.toLowerCase()) &&
        (name === undefined || item.name.toLowerCase().includes(name)) &&
        (q.OnlyMarkedForEshop !== true || item.markedForEshop),
    )
    .sort(
      (a, b) =>
        compareOrdinal(parseTimestamp(a.lastModifiedTimestamp) ?? 0, parseTimestamp(b.lastModifiedTimestamp) ?? 0) ||
        compareOrdinal(a.itemCode, b.itemCode),
    );
  sendJson(ctx.res, 200, { data: page(matches, q.Top, q.Skip) });
};

export const referenceDataRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/numberingSequences', handler: pagedList((ctx) => ctx.company().numberingSequences) },
  { method: 'GET', path: '/api/warehouses', handler: pagedList((ctx) => ctx.company().warehouses) },
  { method: 'GET', path: '/api/catalog-items', handler: catalogItems },
];
