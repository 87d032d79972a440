import 'server-only';

import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';

import type { CompanyScope } from '@/lib/base/company-scope';
import { EDITABLE_STATES, type LineState } from '@/lib/base/imports/states';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { importLines, imports } from '@/lib/platform/db/schema';
import { storable } from '@/lib/platform/db/storable';

import { sendablePayload } from './kinds';
import {
  type DocumentRef,
  documentRefSchema,
  type ImportCompany,
  ImportInputError,
  isImportId,
  type LinePayload,
  ofCompany,
} from './lines';

/**
 * What the pages change on lines nothing of which has left yet (EDITABLE_STATES): include or exclude them, pair them
 * with another document, and give back to `ready` the lines of a batch the service refused before processing any of
 * it. Each change is one conditional statement: a line that has moved on meanwhile (queued by another tab, say) is
 * not touched, and the answer says which lines changed.
 */

type EditableState = (typeof EDITABLE_STATES)[number];

function linesOf(company: ImportCompany, importId: string, lines: readonly string[]): SQL {
  return and(
    ofCompany(importLines, company),
    eq(importLines.importId, importId),
    inArray(importLines.line, [...lines]),
  )!;
}

/** The lines a change names, as the list of an SQL `in (…)`. */
const lineList = (lines: readonly string[]) =>
  sql.join(
    lines.map((line) => sql`${line}`),
    sql`, `,
  );

/** A change of some lines of an import, each only if it still may: answers the lines it changed. */
type LinesChange = (db: Db, scope: ImportCompany, importId: string, lines: readonly string[]) => Promise<string[]>;

/** The lines a raw statement changed (its `returning line`). */
const returnedLines = async (db: Db, statement: SQL) => rowsOf<{ line: string }>(await db.execute(statement));

/**
 * Runs a change of lines only when it can match any (an id that can be an import's, at least one line); answers the
 * lines it changed.
 */
async function changeLines(
  importId: string,
  lines: readonly string[],
  change: () => Promise<readonly { line: string }[]>,
): Promise<string[]> {
  if (!isImportId(importId) || lines.length === 0) return [];
  return (await change()).map((row) => row.line);
}

/** A line may become `ready` only with what it will send and the id it is sent under. */
const sendableIfReady = (to: LineState): SQL | undefined =>
  to === 'ready' ? and(isNotNull(importLines.payload), isNotNull(importLines.externalId)) : undefined;

/**
 * Moves lines from one editable state to another (`ready` → `excluded`, `excluded` → `unmatched`, …), each only if it
 * is still in `from`. Answers the lines moved.
 */
export async function setLineState(
  db: Db,
  scope: ImportCompany,
  importId: string,
  lines: readonly string[],
  { from, to }: { from: EditableState; to: EditableState },
): Promise<string[]> {
  if (from === to) return [];
  return changeLines(importId, lines, () =>
    db
      .update(importLines)
      .set({
        state: to,
        previousState: to === 'excluded' ? from : null,
        updatedAt: sql`now()`,
      })
      .where(and(linesOf(scope, importId, lines), eq(importLines.state, from), sendableIfReady(to)))
      .returning({ line: importLines.line }),
  );
}

/** Leaves lines out (whatever editable state they are in); they keep where they came from, for `includeLines`. */
export const excludeLines: LinesChange = (db, scope, importId, lines) =>
  changeLines(importId, lines, () =>
    db
      .update(importLines)
      .set({ state: 'excluded', previousState: sql`${importLines.state}`, updatedAt: sql`now()` })
      .where(
        and(
          linesOf(scope, importId, lines),
          inArray(importLines.state, ['ready', 'unmatched', 'invalid', 'probably-recorded']),
        ),
      )
      .returning({ line: importLines.line }),
  );

/** Takes excluded lines back into the state they were excluded from (lines excluded by rule have none: they stay). */
export const includeLines: LinesChange = (db, scope, importId, lines) =>
  changeLines(importId, lines, () =>
    returnedLines(
      db,
      sql`
        update import_lines set state = previous_state, previous_state = null, updated_at = now()
         where import_id = ${importId}::uuid and plugin_id = ${scope.pluginId} and tenant_id = ${scope.tenantId}
           and line in (${lineList(lines)})
           and state = 'excluded' and previous_state in ('ready', 'unmatched', 'invalid', 'probably-recorded')
           and (previous_state <> 'ready' or (payload is not null and external_id is not null))
        returning line`,
    ),
  );

export type Pairing = {
  /** What the line will send now (the invoice's variable symbol, say); its externalId and account are kept. */
  payload: LinePayload;
  document: DocumentRef | null;
  /** `ready` (default) when paired; `unmatched` when the pairing was taken away. */
  state?: 'ready' | 'unmatched';
  /** New facts for the page (a warning that the symbol is shared, say); replaces the line's display when given. */
  display?: Record<string, unknown>;
};

/**
 * Pairs a line not yet sent with a document (or unpairs it): its payload and document replaced, the line `ready` (or
 * `unmatched`). Answers false when the line is not the company's, or has moved on (queued, sent…).
 */
export async function pairLine(
  db: Db,
  scope: CompanyScope,
  importId: string,
  line: string,
  pairing: Pairing,
): Promise<boolean> {
  if (!isImportId(importId)) return false;
  const [owner] = await db
    .select({ kind: imports.kind, accountId: imports.accountId })
    .from(imports)
    .where(and(eq(imports.id, importId), ofCompany(imports, scope)));
  if (!owner) return false;
  if (pairing.document !== null && !documentRefSchema.safeParse(pairing.document).success) {
    throw new ImportInputError('A paired document needs its id and number.');
  }
  const [current] = await db
    .select({ externalId: importLines.externalId })
    .from(importLines)
    .where(linesOf(scope, importId, [line]));
  if (!current) return false;
  const state = pairing.state ?? 'ready';
  if (state === 'ready' && current.externalId === null) {
    throw new ImportInputError('A ready line needs an externalId.');
  }
  const payload = sendablePayload(owner.kind, pairing.payload, current.externalId, owner.accountId);
  const changed = await db
    .update(importLines)
    .set(
      storable({
        payload,
        document: pairing.document,
        state,
        previousState: null,
        problems: [],
        updatedAt: sql`now()`,
        ...(pairing.display === undefined ? {} : { display: pairing.display }),
      }),
    )
    .where(
      and(
        linesOf(scope, importId, [line]),
        inArray(importLines.state, [...EDITABLE_STATES]),
        // The externalId read above is still the line's: nothing else changed it meanwhile.
        current.externalId === null ? sql`external_id is null` : eq(importLines.externalId, current.externalId),
      ),
    )
    .returning({ line: importLines.line });
  return changed.length > 0;
}

/**
 * Gives back to `ready` the lines of the import that have a problem only because the service refused their batch
 * before processing any of it (a 400): they were never recorded, so they may be sent again once corrected. A problem
 * the service reported after processing (the upload's result) stays. Answers the lines reopened.
 */
export const reopenRefusedLines: LinesChange = (db, scope, importId, lines) =>
  changeLines(importId, lines, () =>
    returnedLines(
      db,
      sql`
        update import_lines l set state = 'ready', problems = '[]'::jsonb, batch_id = null, request_id = null,
               sent_at = null, updated_at = now()
          from import_batches b
         where l.import_id = ${importId}::uuid and l.plugin_id = ${scope.pluginId} and l.tenant_id = ${scope.tenantId}
           and l.line in (${lineList(lines)})
           and l.state = 'problem' and b.id = l.batch_id and b.outcome = 'refused'
           and l.payload is not null and l.external_id is not null
        returning l.line`,
    ),
  );
