import { ownSearchParams, type SearchParams } from '@/lib/base/http/search-params';
import type { MinimumRefusal } from '@/lib/owners/stock/minimums';

/**
 * What the stock page's minimum form did, carried back to the page in its address (the form's 303 keeps the page's
 * view and adds these): saved, removed, or why nothing was stored, with the item, the warehouse and, on a refusal,
 * what was typed, so the page can say it beside that item's field and show the field as it was. Pure.
 */

export type MinimumResult = 'saved' | 'removed' | MinimumRefusal;

const RESULTS: readonly MinimumResult[] = [
  'saved',
  'removed',
  'item-missing',
  'minimum-invalid',
  'item-unknown',
  'warehouse-unknown',
];

export type MinimumOutcome = { result: MinimumResult; itemCode: string; warehouse: string; typed: string };

/** The address's parameters of an outcome: never part of the page's view, dropped from it when a new one is added. */
export const OUTCOME_PARAMETERS = ['minimum', 'minimumItem', 'minimumWarehouse', 'minimumValue'] as const;

/** What is carried of a typed text at most: more is no item code, warehouse or minimum anyway. */
const CARRIED_MAX_LENGTH = 100;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export const isRefusal = (result: MinimumResult): result is MinimumRefusal =>
  result !== 'saved' && result !== 'removed';

/** Why the outcome stored nothing, or null when it stored (or removed) what was asked. */
export const refusalOf = (outcome: MinimumOutcome | null): MinimumRefusal | null =>
  outcome && isRefusal(outcome.result) ? outcome.result : null;

/** The outcome an address carries, or null when it carries none (or one the form never writes). */
export function minimumOutcomeOf(given: SearchParams): MinimumOutcome | null {
  const params = ownSearchParams(given);
  const result = first(params.minimum) as MinimumResult;
  if (!RESULTS.includes(result)) return null;
  const carried = (name: string) => first(params[name]).slice(0, CARRIED_MAX_LENGTH);
  return {
    result,
    itemCode: carried('minimumItem'),
    warehouse: carried('minimumWarehouse'),
    typed: isRefusal(result) ? carried('minimumValue') : '',
  };
}

/** The id of an item's row on the stock page. */
export const itemAnchor = (itemCode: string) => `item-${encodeURIComponent(itemCode)}`;

/**
 * The page's address (`path` and its query, already checked to be the stock page) with the outcome added in place of
 * any earlier one. No fragment to scroll to the item's row: inside the service's window, a fragment would scroll the
 * service's own page around our frame.
 */
export function addressWithOutcome(path: string, search: URLSearchParams, outcome: MinimumOutcome): string {
  const params = new URLSearchParams(search);
  for (const name of OUTCOME_PARAMETERS) params.delete(name);
  params.set('minimum', outcome.result);
  if (outcome.itemCode !== '') params.set('minimumItem', outcome.itemCode.slice(0, CARRIED_MAX_LENGTH));
  if (outcome.warehouse !== '') params.set('minimumWarehouse', outcome.warehouse.slice(0, CARRIED_MAX_LENGTH));
  if (isRefusal(outcome.result) && outcome.typed !== '')
    params.set('minimumValue', outcome.typed.slice(0, CARRIED_MAX_LENGTH));
  return `${path}?${params}`;
}
