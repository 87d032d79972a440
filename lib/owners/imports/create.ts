import 'server-only';

import { sql } from 'drizzle-orm';
import { z } from 'zod';

import type { CompanyScope } from '@/lib/base/company-scope';
import { HOLDING_STATES, IMPORT_KINDS, type LineState } from '@/lib/base/imports/states';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { imports } from '@/lib/platform/db/schema';
import { storable, storableText } from '@/lib/platform/db/storable';

import { kindDefinition, sendablePayload } from './kinds';
import {
  assertSendable,
  type ImportCompany,
  ImportInputError,
  isImportId,
  type LineProblem,
  newLineSchema,
} from './lines';

/** What an import is created from: the file's name and digest (never the file) and its lines. */
export const newImportSchema = z
  .object({
    kind: z.enum(IMPORT_KINDS),
    fileName: z.string().trim().min(1).max(255),
    /** SHA-256 of the file, hex. */
    digest: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/)
      .transform((hex) => hex.toLowerCase()),
    /** Payments: the account every payment is recorded on (the service pairs and books by it). */
    accountId: z
      .union([z.string().regex(/^[1-9]\d{0,18}$/), z.number().int().positive()])
      .transform(String)
      .nullable()
      .default(null),
    /** Payments: the statement's own account (IBAN or number as the file writes it) and owner, when it says them. */
    statementAccount: z.string().trim().max(100).nullable().default(null),
    statementOwner: z.string().trim().max(200).nullable().default(null),
    lines: z.array(newLineSchema).max(50_000),
  })
  .refine((input) => !kindDefinition(input.kind).recordsOnAccount || input.accountId !== null, {
    message: 'An import of this kind needs the account it records on.',
    path: ['accountId'],
  });
export type NewImport = z.input<typeof newImportSchema>;

const INSERT_CHUNK = 2_000;
const SENDABLE_BEFORE_QUEUE: readonly LineState[] = ['ready', 'unmatched', 'invalid'];

/**
 * Stores an import and its lines in one transaction, and marks `duplicate` every line whose externalId another line
 * of the file used first, or that a line of the company's earlier imports holds (queued, sent, done or with a
 * problem): such a line is never sent. The kind's own check then runs (./kinds.ts, `afterCreate`: a payments import's
 * lines that look like a payment the company already has are marked `probably-recorded`). Answers the new
 * import's id.
 */
export async function createImport(db: Db, scope: CompanyScope, input: NewImport): Promise<{ id: string }> {
  const parsed = newImportSchema.safeParse(input);
  if (!parsed.success) throw new ImportInputError('The import does not have the shape createImport takes.');
  const { kind, fileName, digest, accountId, statementAccount, statementOwner } = parsed.data;

  const seenLines = new Set<string>();
  const firstWithId = new Map<string, string>();
  const rows = parsed.data.lines.map((line, position) => {
    const id = line.line ?? String(position + 1);
    if (seenLines.has(id)) throw new ImportInputError('Two lines of an import share a line id.');
    seenLines.add(id);
    assertSendable(line);
    let state: LineState = line.state;
    const problems: LineProblem[] = [...line.problems];
    if (line.externalId !== null && SENDABLE_BEFORE_QUEUE.includes(state)) {
      const first = firstWithId.get(line.externalId);
      if (first === undefined) firstWithId.set(line.externalId, id);
      else {
        state = 'duplicate';
        problems.push({ code: 'repeated-in-file', params: { line: first } });
      }
    }
    return storable({
      line: id,
      position,
      state,
      external_id: line.externalId,
      payload: sendablePayload(kind, line.payload, line.externalId, accountId),
      display: line.display,
      document: line.document,
      problems,
    });
  });

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(imports)
      .values({
        pluginId: scope.pluginId,
        tenantId: scope.tenantId,
        kind,
        createdBy: scope.userId,
        fileName: storableText(fileName),
        fileDigest: digest,
        accountId,
        statementAccount: statementAccount === null ? null : storableText(statementAccount),
        statementOwner: statementOwner === null ? null : storableText(statementOwner),
      })
      .returning({ id: imports.id });
    const importId = created!.id;
    // The lines go as one JSON parameter per chunk, unpacked by the database: binding fifteen parameters per row
    // costs far more (on PGlite, which runs in the process's own thread, it held the event loop for seconds).
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      await tx.execute(sql`
        insert into import_lines (import_id, line, position, plugin_id, tenant_id, kind, state, external_id,
                                  payload, display, document, problems)
        select ${importId}::uuid, r.line, r.position, ${scope.pluginId}, ${scope.tenantId}, ${kind}, r.state,
               r.external_id, r.payload, r.display, r.document, r.problems
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
               as r(line text, position int, state text, external_id text, payload jsonb, display jsonb,
                    document jsonb, problems jsonb)`);
    }
    await markDuplicates(tx, scope, importId);
    await kindDefinition(kind).afterCreate?.(tx, scope, importId);
    return { id: importId };
  });
}

const holding = sql.raw(HOLDING_STATES.map((state) => `'${state}'`).join(', '));

/**
 * The update both directions of marking share: a line `l` not yet sent becomes a duplicate of the line `o` that holds
 * the same externalId for the company and kind, its problem naming `o`'s import and line. Each caller adds which
 * import is on which side.
 */
const markDuplicateOfHolder = sql`
    update import_lines l
       set state = 'duplicate',
           problems = l.problems || jsonb_build_array(jsonb_build_object(
             'code', 'already-sent', 'params', jsonb_build_object('importId', o.import_id::text, 'line', o.line))),
           updated_at = now()
      from import_lines o
     where l.state in ('ready', 'unmatched', 'invalid', 'probably-recorded')
       and o.plugin_id = l.plugin_id and o.tenant_id = l.tenant_id and o.kind = l.kind
       and o.external_id = l.external_id
       and o.state in (${holding})`;

/**
 * Marks `duplicate` the lines of the import not yet sent whose externalId a line of another import of the company
 * holds (the unique index keeps that to one line per id), naming that import in the line's problem. Answers the lines
 * marked. Run on creation and again whenever lines are queued (another import may have sent them since).
 */
export async function markDuplicates(db: Db, company: ImportCompany, importId: string): Promise<string[]> {
  if (!isImportId(importId)) return [];
  const result = await db.execute(sql`${markDuplicateOfHolder}
       and l.import_id = ${importId}::uuid
       and l.plugin_id = ${company.pluginId} and l.tenant_id = ${company.tenantId}
       and l.external_id is not null
       and o.import_id <> l.import_id
    returning l.line`);
  return rowsOf<{ line: string }>(result).map((row) => row.line);
}

/**
 * The other side of `markDuplicates`: once this import's lines hold their externalIds (queued, sent, done or with a
 * problem), the lines of the company's other imports not yet sent with the same ids are marked `duplicate`, naming
 * this import's line. Run whenever lines are queued, in the same step: a second draft of the same statement then
 * shows its lines as duplicates when its page is drawn, instead of offering to record them (issue 31). Answers the
 * lines marked, with their imports.
 */
export async function markDuplicatesElsewhere(
  db: Db,
  company: ImportCompany,
  importId: string,
): Promise<{ importId: string; line: string }[]> {
  if (!isImportId(importId)) return [];
  const result = await db.execute(sql`${markDuplicateOfHolder}
       and o.import_id = ${importId}::uuid
       and o.plugin_id = ${company.pluginId} and o.tenant_id = ${company.tenantId}
       and o.external_id is not null
       and l.import_id in (select i.id from imports i
                            where i.plugin_id = ${company.pluginId} and i.tenant_id = ${company.tenantId}
                              and i.id <> ${importId}::uuid)
    returning l.import_id, l.line`);
  return rowsOf<{ import_id: string; line: string }>(result).map((row) => ({
    importId: row.import_id,
    line: row.line,
  }));
}
