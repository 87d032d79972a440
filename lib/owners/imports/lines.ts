import 'server-only';

import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import { MAX_EXTERNAL_ID } from '@/lib/base/imports/states';
import { importBatches, importLines, imports } from '@/lib/platform/db/schema';

/**
 * What an import's lines are made of, as its callers (the statement and invoice flows) hand them over and the pages
 * read them back. The payload is checked against the kind's upload schema (./kinds.ts, `sendablePayload`): a line
 * that is `ready` is sendable as it is stored.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An import's id as an address may carry it (a uuid); anything else names no import (404, not a database error). */
export function isImportId(value: string): boolean {
  return UUID.test(value);
}

/** The company an import belongs to: its add-on and tenant, never a user (any user of the company sees its imports). */
export type ImportCompany = Pick<CompanyScope, 'pluginId' | 'tenantId'>;

/** One text per company: the key of its jobs (one sender at a time). */
export function importCompanyKey(company: ImportCompany): string {
  return `${company.pluginId}:${company.tenantId}`;
}

export function companyOf(scope: ImportCompany): ImportCompany {
  return { pluginId: scope.pluginId, tenantId: scope.tenantId };
}

type CompanyColumns = { pluginId: typeof imports.pluginId; tenantId: typeof imports.tenantId };

/** The rows of the company in a table that carries its columns. */
export function ofCompany(
  table: CompanyColumns | typeof importLines | typeof importBatches,
  company: ImportCompany,
): SQL {
  return and(eq(table.pluginId, company.pluginId), eq(table.tenantId, company.tenantId))!;
}

/**
 * Why a line cannot be sent, or what the service said of it. Ours are codes the pages put in words (`already-sent`,
 * `refused-with-batch`, …) with `params` to fill in; the service's come as its own `text` under the code `service`.
 */
export const lineProblemSchema = z.object({
  code: z.string().min(1).max(80),
  text: z.string().max(2_000).optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type LineProblem = z.infer<typeof lineProblemSchema>;

/** The paired (payments) or created (invoices) document. */
export const documentRefSchema = z.object({ id: z.string().min(1), documentNumber: z.string() });
export type DocumentRef = z.infer<typeof documentRefSchema>;

/** What a line will send: an object the kind's upload schema accepts. */
export const linePayloadSchema = z.record(z.string(), z.unknown());
export type LinePayload = z.infer<typeof linePayloadSchema>;

/** A line as an import is created with it. */
export const newLineSchema = z.object({
  /** Stable id within the import; default: its position, from 1. */
  line: z.string().min(1).max(40).optional(),
  state: z.enum(['ready', 'unmatched', 'invalid', 'excluded']),
  externalId: z.string().min(1).max(MAX_EXTERNAL_ID).nullable(),
  payload: linePayloadSchema.nullable(),
  /** The line's own facts for the pages (contract: payments' date, amount, currency, variableSymbol, counterparty, reference). */
  display: z.record(z.string(), z.unknown()).default({}),
  document: documentRefSchema.nullable().default(null),
  problems: z.array(lineProblemSchema).default([]),
});
export type NewLine = z.input<typeof newLineSchema>;

/** A caller handed over a line that could never be sent as it says: a fault of ours, not the user's. */
export class ImportInputError extends Error {
  override name = 'ImportInputError';
  readonly kind = 'import-input';
}

/**
 * A ready line needs what it will send and the id it is sent under. (An unmatched one may lack them: it is queued only
 * once it has both.)
 */
export function assertSendable(line: { state: string; payload: unknown; externalId: string | null }) {
  if (line.state === 'ready' && (line.payload === null || line.externalId === null)) {
    throw new ImportInputError('A ready line needs a payload and an externalId.');
  }
}
