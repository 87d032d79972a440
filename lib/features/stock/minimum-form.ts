import 'server-only';

import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import { ownPageAddress } from '@/lib/base/http/own-page-address';
import { mirrorCompanyOf } from '@/lib/owners/mirror/company';
import { parseMinimum } from '@/lib/owners/stock/minimum-value';
import { removeMinimum, setMinimum } from '@/lib/owners/stock/minimums';
import type { Db } from '@/lib/platform/db/client';
import { companyPath } from '@/lib/service/records/present';

import { addressWithOutcome, type MinimumOutcome } from './minimum-outcome';

/**
 * The stock page's minimum form (`POST /companies/{tenantId}/stock/minimums`, contract.md): `itemCode`, `warehouse`
 * (empty: all warehouses together) and `minimum` (a number of at least zero, at most four decimals; empty removes
 * it), set by the session's user. Whatever happens, the answer goes back to the stock page in the view the form was
 * sent from (its `back` field, when that is the company's stock page; else the page itself) with the outcome in the
 * address (./minimum-outcome.ts): the page then says it beside the item's field. A refusal stores nothing.
 */

/** The form's fields as text (an absent one is empty); any other field is ignored. */
const formSchema = z.object({
  itemCode: z.string().catch(''),
  warehouse: z.string().catch(''),
  minimum: z.string().catch(''),
  back: z.string().catch(''),
});

export type MinimumForm = z.infer<typeof formSchema>;

export function readMinimumForm(body: URLSearchParams): MinimumForm {
  return formSchema.parse({
    itemCode: body.get('itemCode') ?? undefined,
    warehouse: body.get('warehouse') ?? undefined,
    minimum: body.get('minimum') ?? undefined,
    back: body.get('back') ?? undefined,
  });
}

/** Where the answer goes: the stock page in the view `back` names, when it is this company's stock page. */
function pageOf(tenantId: string, back: string): { path: string; search: URLSearchParams } {
  const path = companyPath(tenantId, 'stock');
  const address = ownPageAddress(back, path);
  const url = address === null ? null : new URL(address, 'http://own.invalid');
  return url?.pathname === path ? { path, search: url.searchParams } : { path, search: new URLSearchParams() };
}

/** Applies the form for the company of `scope` (its user is who set it): the address to answer 303 with. */
export async function applyMinimumForm(db: Db, scope: CompanyScope, form: MinimumForm): Promise<string> {
  const { path, search } = pageOf(scope.tenantId, form.back);
  const company = mirrorCompanyOf(scope);
  const itemCode = form.itemCode.trim();
  const warehouse = form.warehouse.trim();
  const outcome = (result: MinimumOutcome['result']): string =>
    addressWithOutcome(path, search, { result, itemCode, warehouse, typed: form.minimum });

  const minimum = parseMinimum(form.minimum);
  if (itemCode === '') return outcome('item-missing');
  if (minimum === false) return outcome('minimum-invalid');
  if (minimum === null) {
    await removeMinimum(db, company, { itemCode, warehouse });
    return outcome('removed');
  }
  const stored = await setMinimum(db, company, { itemCode, warehouse, minimum, setBy: scope.userId });
  return outcome(stored.ok ? 'saved' : stored.refused);
}
