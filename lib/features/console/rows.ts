import 'server-only';

import type { Db } from '@/lib/platform/db/client';

/**
 * Small helpers of the console's read models: raw statements (the owners' overviews) answer timestamps as Date or
 * text and counts as text or number depending on the driver, and the console's figures must not depend on which
 * database runs.
 */

export function asDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

export function asNumber(value: number | string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** Plain code-unit order, the same whichever database (and collation) answered. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One company: the add-on (plugin) and the company (tenant), as `${pluginId}:${tenantId}` for maps. */
export const companyKey = (pluginId: string, tenantId: string) => `${pluginId}:${tenantId}`;

/** What a read of the operational records may be given: its clock (tests) and its database (else the add-on's). */
export type OpsReadOptions = { now?: Date; db?: Db };
