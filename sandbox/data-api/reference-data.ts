import { z } from 'zod';

import { createRandom, type Random } from '../data/random';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { catalogIndex, changedSince } from './list-index';
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
 * The list in an order a little off its own: the item at place i sorts by i + u·(shift + 1), u drawn uniformly from
 * [0, 1), so it can pass only items within `shift` places of it and lands at most `shift` places from i.
 */
export function nearlyInOrder<T>(items: readonly T[], shift: number, random: Random): T[] {
  return items
    .map((item, index) => ({ item, key: index + random.next() * (shift + 1) }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
}

/**
 * Oldest change first (then item code): the order an incremental reader wants, since it resumes from the newest
 * timestamp it has seen. ItemCode matches exactly (ignoring case), Name as a case-insensitive substring. Under the
 * unstable-catalog fault each call shuffles that order a little (nearlyInOrder), differently per call.
 */
const catalogItems: DataApiHandler = (ctx) => {
  const parsed = parseQuery(ctx.url, catalogQuery);
  if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
  const q = parsed.value;
  const name = q.Name?.toLowerCase();
  const itemCode = q.ItemCode?.toLowerCase();
  const matches = catalogIndex(ctx.company())
    .filter(
      ({ item, modifiedMs }) =>
        changedSince({ modifiedMs }, q.CatalogItemChangedTimestamp) &&
        (itemCode === undefined || item.itemCode.toLowerCase() === itemCode) &&
        (name === undefined || item.name.toLowerCase().includes(name)) &&
        (q.OnlyMarkedForEshop !== true || item.markedForEshop),
    )
    .map(({ item }) => item);
  const { fault } = ctx;
  const listed =
    fault?.mode === 'unstable-catalog'
      ? nearlyInOrder(matches, fault.shift ?? 5, createRandom(`${ctx.token.tenantId}/catalog-order/${fault.listing}`))
      : matches;
  sendJson(ctx.res, 200, { data: page(listed, q.Top, q.Skip) });
};

export const referenceDataRoutes: Route<DataApiHandler>[] = [
  { method: 'GET', path: '/api/numberingSequences', handler: pagedList((ctx) => ctx.company().numberingSequences) },
  { method: 'GET', path: '/api/warehouses', handler: pagedList((ctx) => ctx.company().warehouses) },
  { method: 'GET', path: '/api/catalog-items', handler: catalogItems },
];
