import 'server-only';

import { and, asc, desc, eq, sql } from 'drizzle-orm';

import { importsTexts, problemWords } from '@/lib/base/i18n/imports';
import type { Locale } from '@/lib/base/i18n/messages';
import {
  emptyLineCounts,
  HOLDING_STATES,
  type ImportKind,
  type ImportState,
  importStateOf,
  type LineCounts,
  type LineState,
  type StopReason,
} from '@/lib/base/imports/states';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { importLines, imports } from '@/lib/platform/db/schema';

import { type DocumentRef, type ImportCompany, isImportId, type LineProblem } from './lines';

/**
 * What the pages read of imports: the company's list with counts per state, one import with its lines, and the JSON
 * view the contract fixes (../shared/design/contract.md, "Uploads"). Another company's import is simply not found.
 */

export type ImportSummary = {
  id: string;
  kind: ImportKind;
  fileName: string;
  fileDigest: string;
  accountId: string | null;
  /** Payments: the statement's own account (IBAN or number) and its owner, as the file names them. */
  statementAccount: string | null;
  statementOwner: string | null;
  createdBy: string;
  createdAt: Date;
  state: ImportState;
  stopReason: StopReason | null;
  stoppedAt: Date | null;
  counts: LineCounts;
};

type ImportRowView = Omit<ImportSummary, 'state' | 'counts'>;

const summaryColumns = {
  id: imports.id,
  kind: imports.kind,
  fileName: imports.fileName,
  fileDigest: imports.fileDigest,
  accountId: imports.accountId,
  statementAccount: imports.statementAccount,
  statementOwner: imports.statementOwner,
  createdBy: imports.createdBy,
  createdAt: imports.createdAt,
  stopReason: imports.stopReason,
  stoppedAt: imports.stoppedAt,
};

function summaryOf(row: ImportRowView, counts: LineCounts): ImportSummary {
  return { ...row, state: importStateOf(counts, row.stoppedAt !== null), counts };
}

async function countsOf(db: Db, importIds: readonly string[]): Promise<Map<string, LineCounts>> {
  const byImport = new Map<string, LineCounts>(importIds.map((id) => [id, emptyLineCounts()]));
  if (importIds.length === 0) return byImport;
  const rows = rowsOf<{ import_id: string; state: LineState; count: number | string }>(
    await db.execute(sql`
      select import_id, state, count(*) as count from import_lines
       where import_id in (${sql.join(
         importIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       group by import_id, state`),
  );
  for (const row of rows) {
    const counts = byImport.get(row.import_id);
    if (counts) counts[row.state] = Number(row.count);
  }
  return byImport;
}

/** The company's imports, newest first, with their counts per line state. */
export async function listImports(
  db: Db,
  company: ImportCompany,
  { limit = 200 }: { limit?: number } = {},
): Promise<ImportSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(imports)
    .where(and(eq(imports.pluginId, company.pluginId), eq(imports.tenantId, company.tenantId)))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(limit);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, counts.get(row.id) ?? emptyLineCounts()));
}

export type ImportLineView = {
  line: string;
  position: number;
  state: LineState;
  externalId: string | null;
  requestId: string | null;
  payload: Record<string, unknown> | null;
  display: Record<string, unknown>;
  document: DocumentRef | null;
  problems: LineProblem[];
  result: Record<string, unknown> | null;
  sentAt: Date | null;
  confirmedAt: Date | null;
};

export type ImportDetail = ImportSummary & { lines: ImportLineView[] };

/** One import of the company with its lines in their order; null when the company has no such import. */
export async function readImport(db: Db, company: ImportCompany, importId: string): Promise<ImportDetail | null> {
  if (!isImportId(importId)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(imports)
    .where(
      and(eq(imports.id, importId), eq(imports.pluginId, company.pluginId), eq(imports.tenantId, company.tenantId)),
    );
  if (!row) return null;
  const lines = await db
    .select({
      line: importLines.line,
      position: importLines.position,
      state: importLines.state,
      externalId: importLines.externalId,
      requestId: importLines.requestId,
      payload: importLines.payload,
      display: importLines.display,
      document: importLines.document,
      problems: importLines.problems,
      result: importLines.result,
      sentAt: importLines.sentAt,
      confirmedAt: importLines.confirmedAt,
    })
    .from(importLines)
    .where(eq(importLines.importId, importId))
    .orderBy(asc(importLines.position));
  const counts = emptyLineCounts();
  for (const line of lines) counts[line.state] += 1;
  return {
    ...summaryOf(row, counts),
    lines: lines.map((line) => ({
      ...line,
      payload: line.payload as Record<string, unknown> | null,
      display: line.display as Record<string, unknown>,
      document: line.document as DocumentRef | null,
      problems: line.problems as LineProblem[],
      result: line.result as Record<string, unknown> | null,
    })),
  };
}

/** The line of another import that holds an externalId (queued, sent, done or with a problem), and its import. */
export type HoldingLine = {
  externalId: string;
  importId: string;
  line: string;
  state: LineState;
  document: DocumentRef | null;
  fileName: string;
  createdAt: Date;
};

/**
 * Which lines of the company's other imports hold these externalIds now (at most one each: the unique index of held
 * ids), with their import's file and time: what a `duplicate` line's page names as having recorded it.
 */
export async function holdersOf(
  db: Db,
  company: ImportCompany,
  kind: ImportKind,
  importId: string,
  externalIds: readonly string[],
): Promise<Map<string, HoldingLine>> {
  const held = new Map<string, HoldingLine>();
  if (!isImportId(importId) || externalIds.length === 0) return held;
  const rows = rowsOf<{
    external_id: string;
    import_id: string;
    line: string;
    state: LineState;
    document: DocumentRef | null;
    file_name: string;
    created_at: Date | string;
  }>(
    await db.execute(sql`
      select l.external_id, l.import_id, l.line, l.state, l.document, i.file_name, i.created_at
        from import_lines l join imports i on i.id = l.import_id
       where l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId} and l.kind = ${kind}
         and l.state in (${sql.raw(HOLDING_STATES.map((state) => `'${state}'`).join(', '))})
         and l.external_id in (${sql.join(
           externalIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         and l.import_id <> ${importId}::uuid`),
  );
  for (const row of rows) {
    held.set(row.external_id, {
      externalId: row.external_id,
      importId: row.import_id,
      line: row.line,
      state: row.state,
      document: row.document,
      fileName: row.file_name,
      createdAt: new Date(row.created_at),
    });
  }
  return held;
}

/** The JSON view's line: the contract's fields, with the line's own facts (date, amount, …) beside them. */
export type ImportJsonLine = Record<string, unknown> & {
  line: string;
  state: LineState;
  externalId: string | null;
  requestId: string | null;
  problems: string[];
  document: DocumentRef | null;
};

export type ImportJson = { id: string; kind: ImportKind; state: ImportState; lines: ImportJsonLine[] };

/** Puts a problem in the user's words; by default the service's own text, else our code. */
export type DescribeProblem = (problem: LineProblem) => string;

const plainDescription: DescribeProblem = (problem) => problem.text ?? problem.code;

/**
 * The JSON view of an import, exactly as the contract fixes it: `{ id, kind, state, lines: [{ line, state,
 * externalId, requestId, problems, document, …the line's facts }] }`. The facts come from the line's `display`, which
 * never overrides the contract's own fields.
 */
export function importView(detail: ImportDetail, describe: DescribeProblem = plainDescription): ImportJson {
  return {
    id: detail.id,
    kind: detail.kind,
    state: detail.state,
    lines: detail.lines.map((line) => ({
      ...line.display,
      line: line.line,
      state: line.state,
      externalId: line.externalId,
      requestId: line.requestId,
      problems: line.problems.map(describe),
      document: line.document,
    })),
  };
}

/** The JSON view in the user's language: each problem in the words of the import's page (lib/base/i18n/imports.ts). */
export function importViewIn(detail: ImportDetail, locale: Locale): ImportJson {
  const texts = importsTexts[locale];
  return importView(detail, (problem) => problemWords(problem, texts));
}
