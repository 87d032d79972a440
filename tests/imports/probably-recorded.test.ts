import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import type { CompanyScope } from '@/lib/base/company-scope';
import { probablySamePayment } from '@/lib/base/imports/same-payment';
import { pairStatement } from '@/lib/features/imports/pairing';
import { importLineOf } from '@/lib/features/imports/statement-import';
import { readStatement } from '@/lib/features/imports/statements/read-statement';
import { createImport } from '@/lib/owners/imports/create';
import type { NewLine } from '@/lib/owners/imports/lines';
import { queueConfirmedNewPayment, queueLines } from '@/lib/owners/imports/queue';
import { workOnImports } from '@/lib/owners/imports/sender';
import { readImport } from '@/lib/owners/imports/view';
import { paymentRow } from '@/lib/owners/mirror/payment-row';
import { upsertPayments } from '@/lib/owners/mirror/payments';
import { type Db, rowsOf } from '@/lib/platform/db/client';
import { paymentSchema } from '@/lib/service/schemas/reference';

import { databaseKinds, testDatabaseDuringTests } from '../support/databases';
import { DIGEST, FAST, importsSandboxDuringTests, scopeOf } from './fixture';

/**
 * "Probably already recorded" (issue 30): the same bank payment downloaded in another format (camt.053, then MT940)
 * has other bank references, so another externalId. A line with the same date, amount, variable symbol and payer as
 * a payment already in the company's copy, or as a line another import of the company sent, is kept out of "Record N"
 * and is sent only when the user confirms that very line. Counted, never collapsed: two identical lines of one
 * statement against one payment already there are one flagged, one ready.
 */

const IBAN = 'SK9011000000002629123453';

/** One payment received from Ján Novák, VS 2026001, 120.50 € on 2026-01-15, as camt.053 writes it. */
const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>T</MsgId><CreDtTm>2026-01-16T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><CreDtTm>2026-01-16T06:00:00</CreDtTm><Acct><Id><IBAN>${IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">120.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-01-15</Dt></BookgDt>
<AcctSvcrRef>CAMT-7731-0001</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>/VS2026001/SS/KS0308</EndToEndId></Refs>
<RltdPties><Dbtr><Nm>Ján Novák</Nm></Dbtr><DbtrAcct><Id><IBAN>SK7709000000005012345674</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf><Ustrd>Faktúra 2026001</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>
`;

/** The same payment as the bank's MT940 writes it: another reference, the name in capitals without diacritics. */
const mt940 = [
  ':20:STMT260115',
  `:25:${IBAN}`,
  ':28C:11/1',
  ':60F:C260114EUR10000,00',
  ':61:2601150115C120,50NTRFNONREF//2026011500001',
  ':86:166?00PLATBA PRIJATA?20/VS2026001/SS/KS0308',
  '?21Faktura 2026001?31SK7709000000005012345674',
  '?32NOVAK JAN',
  ':62F:C260115EUR10120,50',
  '-',
  '',
].join('\r\n');

const bytes = (text: string) => new TextEncoder().encode(text);

/** The statement made into the company's payments import, as the upload does (no open invoice: unmatched lines). */
async function importFile(db: Db, scope: CompanyScope, text: string, accountId: number, name: string) {
  const statement = readStatement(bytes(text));
  const pairings = pairStatement(statement.lines, []);
  const lines = statement.lines.map((line, at) => importLineOf(line, pairings[at]!, String(accountId)));
  return (await createImport(db, scope, { kind: 'payments', fileName: name, digest: DIGEST, accountId, lines })).id;
}

/** A ready payment line of a statement, paid by `payer` (null: the statement names none). */
function statementLine(externalId: string, payer: string | null, extra: Partial<NewLine> = {}): NewLine {
  return {
    state: 'ready',
    externalId,
    payload: { dateOfPayment: '2026-11-20', sumOfPayment: 250, variableSymbol: '2026044' },
    display: {
      date: '2026-11-20',
      amount: '250.00',
      currency: 'EUR',
      variableSymbol: '2026044',
      counterparty: { name: payer, iban: null },
      reference: `E2E-${externalId}`,
      direction: 'credit',
    },
    document: null,
    ...extra,
  };
}

/** A payment the company's copy holds, recorded by someone else (no externalId of ours). */
async function paymentInCopy(db: Db, scope: CompanyScope, id: string, partnerName: string | null) {
  await upsertPayments(db, scope, [
    paymentRow(
      paymentSchema.parse({
        id: Number(id),
        dateOfPayment: '2026-11-20T00:00:00',
        sumOfPayment: 250,
        currency: 'EUR',
        variableSymbol: '0002026044',
        accountId: 5,
        ...(partnerName === null ? {} : { partnerName }),
      }),
      id,
    ),
  ]);
}

async function newImport(db: Db, scope: CompanyScope, lines: NewLine[]) {
  return (
    await createImport(db, scope, { kind: 'payments', fileName: 'vypis.xml', digest: DIGEST, accountId: 5, lines })
  ).id;
}

async function linesOf(db: Db, scope: CompanyScope, importId: string) {
  return (await readImport(db, scope, importId))!.lines;
}

const statesOf = async (db: Db, scope: CompanyScope, importId: string) =>
  (await linesOf(db, scope, importId)).map((line) => line.state);

describe('whether two payments are probably the same', () => {
  const facts = {
    date: '2026-01-15',
    amount: '120.50',
    currency: 'EUR',
    symbols: ['2026001'],
    payerName: 'Ján Novák',
    payerIban: null,
  };

  it('folds the payer’s name (case, diacritics, spacing, order) and the symbol’s leading zeros', () => {
    expect(
      probablySamePayment(facts, { ...facts, amount: '120.5', symbols: ['0002026001'], payerName: 'NOVAK  JAN' }),
    ).toBe(true);
    expect(probablySamePayment(facts, { ...facts, payerName: 'Jana Nováková' })).toBe(false);
    expect(probablySamePayment(facts, { ...facts, amount: '120.51' })).toBe(false);
    expect(probablySamePayment(facts, { ...facts, date: '2026-01-16' })).toBe(false);
    expect(probablySamePayment(facts, { ...facts, symbols: ['2026002'] })).toBe(false);
    expect(probablySamePayment(facts, { ...facts, currency: 'CZK' })).toBe(false);
  });

  it('lets both IBANs decide when both are known', () => {
    const iban = { ...facts, payerIban: 'SK7709000000005012345674' };
    expect(probablySamePayment(iban, { ...iban, payerName: 'Someone Else' })).toBe(true);
    expect(probablySamePayment(iban, { ...iban, payerIban: 'SK4111000000002940012342' })).toBe(false);
  });

  it('a payer missing on one side does not tell them apart, but date and amount alone flag nothing', () => {
    expect(probablySamePayment(facts, { ...facts, payerName: null })).toBe(true);
    const noSymbol = { ...facts, symbols: [] };
    expect(probablySamePayment(noSymbol, { ...noSymbol, payerName: null })).toBe(false);
    expect(probablySamePayment(noSymbol, noSymbol)).toBe(true);
  });
});

describe.each(databaseKinds)('a payment probably recorded already, on %s', (kind) => {
  const database = testDatabaseDuringTests(kind);
  const api = importsSandboxDuringTests();
  let tenant = kind === 'pglite' ? 46000 : 47000;
  const nextCompany = () => scopeOf(String((tenant += 1)));

  it('camt.053 sent, then MT940 of the same payment: held back, sent only once that line is confirmed, once', async () => {
    const scope = nextCompany();
    const accountId = await api.bankAccount(scope.tenantId);
    const { client, token } = api.client(scope.tenantId);
    const work = () => workOnImports(database.db, scope, { openClient: async () => client, settings: FAST });

    const first = await importFile(database.db, scope, camt, accountId, 'vypis.xml');
    expect(await statesOf(database.db, scope, first)).toEqual(['unmatched']);
    await queueLines(database.db, scope, first, ['1']);
    await work();
    await work();
    expect(await statesOf(database.db, scope, first)).toEqual(['done']);

    const second = await importFile(database.db, scope, mt940, accountId, 'vypis.sta');
    const [line] = await linesOf(database.db, scope, second);
    expect(line!.externalId).not.toBe((await linesOf(database.db, scope, first))[0]!.externalId);
    expect(line!.state).toBe('probably-recorded');
    expect(line!.problems).toEqual([{ code: 'probably-recorded', params: { importId: first, line: '1' } }]);
    expect((await readImport(database.db, scope, second))!.counts.ready).toBe(0);

    // Neither "Record N" nor the line's own Send sends it.
    expect(await queueLines(database.db, scope, second, 'all-ready')).toMatchObject({ queued: [] });
    expect(await queueLines(database.db, scope, second, ['1'])).toMatchObject({ queued: [] });
    await work();
    expect(await statesOf(database.db, scope, second)).toEqual(['probably-recorded']);
    const posts = () => api.requestsOf(token).filter((request) => request.startsWith('POST'));
    expect(posts()).toHaveLength(1);

    // The user confirms that very line: it is sent, once, and the confirmation is kept on it.
    expect(await queueConfirmedNewPayment(database.db, scope, second, '1')).toBe(true);
    expect(await queueConfirmedNewPayment(database.db, scope, second, '1')).toBe(false);
    await work();
    await work();
    expect(await statesOf(database.db, scope, second)).toEqual(['done']);
    expect(posts()).toHaveLength(2);
    const sent = await api.paymentsPerExternalId(scope.tenantId, accountId, 'st');
    expect([...sent.values()]).toEqual([1, 1]);
    const confirmed = rowsOf(
      await database.db.execute(sql`
        select new_payment_confirmed_by as who, new_payment_confirmed_at is not null as at from import_lines
         where import_id = ${second}::uuid`),
    );
    expect(confirmed).toEqual([{ who: scope.userId, at: true }]);
  });

  it('flags a line of a payment the company’s copy holds, recorded by someone else; not another payer’s', async () => {
    const scope = nextCompany();
    await paymentInCopy(database.db, scope, '9001', 'Novák Ján');
    const id = await newImport(database.db, scope, [
      statementLine('a', 'JAN NOVAK'),
      statementLine('b', 'Hruška s.r.o.'),
      statementLine('c', null, { state: 'unmatched' }),
    ]);
    const lines = await linesOf(database.db, scope, id);
    expect(lines.map((line) => line.state)).toEqual(['probably-recorded', 'ready', 'unmatched']);
    expect(lines[0]!.problems).toEqual([
      { code: 'probably-recorded', params: { paymentId: '9001', date: '2026-11-20', variableSymbol: '0002026044' } },
    ]);
  });

  it('a payer missing on one side: flagged (asked, not guessed)', async () => {
    const scope = nextCompany();
    await paymentInCopy(database.db, scope, '9002', null);
    const id = await newImport(database.db, scope, [statementLine('a', 'JAN NOVAK')]);
    expect(await statesOf(database.db, scope, id)).toEqual(['probably-recorded']);
  });

  it('two identical lines of one statement against one payment already there: one flagged, one ready', async () => {
    const scope = nextCompany();
    await paymentInCopy(database.db, scope, '9003', 'Ján Novák');
    const id = await newImport(database.db, scope, [statementLine('a', 'JAN NOVAK'), statementLine('b', 'JAN NOVAK')]);
    expect(await statesOf(database.db, scope, id)).toEqual(['probably-recorded', 'ready']);
    // Checked again when queued: the flagged line still accounts for the payment, so the twin goes.
    expect(await queueLines(database.db, scope, id, 'all-ready')).toEqual({
      queued: ['2'],
      duplicate: [],
      probablyRecorded: [],
    });
    expect(await statesOf(database.db, scope, id)).toEqual(['probably-recorded', 'queued']);
  });

  it('a line sent by another import meanwhile is found when this one is queued', async () => {
    const scope = nextCompany();
    const first = await newImport(database.db, scope, [statementLine('a', 'Ján Novák')]);
    const second = await newImport(database.db, scope, [statementLine('b', 'NOVAK JAN')]);
    expect(await statesOf(database.db, scope, second)).toEqual(['ready']);
    await queueLines(database.db, scope, first, 'all-ready');
    expect(await queueLines(database.db, scope, second, 'all-ready')).toEqual({
      queued: [],
      duplicate: [],
      probablyRecorded: ['1'],
    });
  });
});
