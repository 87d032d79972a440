import { SaxesParser, type SaxesTagNS } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StatementLine } from '@/lib/base/imports/statement-line';
import { pairStatement } from '@/lib/features/imports/pairing';
import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

import { createAccessTokenStore } from '../../sandbox/access-tokens';
import type { Sandbox } from '../../sandbox/app';
import { dayOf, parseTimestamp } from '../../sandbox/data/calendar';
import type { CompanyData } from '../../sandbox/data/company-data';
import type { GeneratedStatement, StatementEntry } from '../../sandbox/data-api/bank-statement';
import { createDataApi } from '../../sandbox/data-api/index';
import { CAMT053_NAMESPACE } from '../../sandbox/data-api/statement-formats';
import { statementFile } from '../../sandbox/data-api/statement-routes';
import { startTestSandbox, TODAY } from '../support/sandbox';

/**
 * The sandbox's bank statements of a company's open invoices (for demos and tests of the payment import): a
 * well-formed camt.053.001.02 and an MT940 of the same lines, on one of the company's own accounts, with each kind of
 * line the import must handle, and lines that pair as they are meant to when read as a statement reader reads them.
 */
const TENANT = '10001';
const api = createDataApi(createAccessTokenStore(), { today: dayOf(parseTimestamp(TODAY)!) });
const company: CompanyData = api.services.companies.get(TENANT);

type Element = { name: string; uri: string; text: string; children: Element[] };

/** Parsed by a strict, namespace-aware XML parser: any well-formedness or namespace error throws. */
function parseXml(text: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Element[] = [];
  let root: Element | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const element: Element = { name: tag.local, uri: tag.uri, text: '', children: [] };
    stack.at(-1)?.children.push(element);
    stack.push(element);
    root ??= element;
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top) top.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

const child = (element: Element | undefined, ...path: string[]): Element | undefined =>
  path.reduce<Element | undefined>((at, name) => at?.children.find((c) => c.name === name), element);
const textOf = (element: Element | undefined, ...path: string[]) => child(element, ...path)?.text ?? null;
const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('a camt.053 statement of a company’s open invoices', () => {
  const file = statementFile(api, TENANT, 'camt053');
  const { statement } = file;
  const document = parseXml(file.body);
  const stmt = child(document, 'BkToCstmrStmt', 'Stmt');
  const entries = stmt?.children.filter((c) => c.name === 'Ntry') ?? [];

  it('is well-formed XML in camt.053.001.02’s namespace, on one of the company’s bank accounts', () => {
    expect(file.contentType).toBe('application/xml');
    expect(document.name).toBe('Document');
    expect(document.uri).toBe(CAMT053_NAMESPACE);
    const iban = textOf(stmt, 'Acct', 'Id', 'IBAN');
    expect(company.accounts.filter((a) => a.type === 'bank').map((a) => a.iban)).toContain(iban);
    expect(textOf(stmt, 'Acct', 'Ccy')).toBe('EUR');
  });

  it('holds every kind of line the import must handle', () => {
    const roles = new Set(statement.entries.map((entry) => entry.role));
    for (const role of ['exact', 'padded', 'partial', 'foreign', 'suggestion', 'twin', 'unknown', 'debit']) {
      expect(roles, role).toContain(role);
    }
    expect(entries).toHaveLength(statement.entries.length);
    expect(entries.filter((e) => textOf(e, 'CdtDbtInd') === 'DBIT')).toHaveLength(2);
  });

  it('writes the symbols in EndToEndId, a foreign payer’s only in the message', () => {
    for (const [at, entry] of statement.entries.entries()) {
      const written = entries[at];
      const endToEnd = textOf(written, 'NtryDtls', 'TxDtls', 'Refs', 'EndToEndId');
      const message = textOf(written, 'NtryDtls', 'TxDtls', 'RmtInf', 'Ustrd') ?? '';
      const symbol = entry.invoice?.variableSymbol;
      if (entry.role === 'exact' || entry.role === 'partial' || entry.role === 'twin') {
        expect(endToEnd).toBe(`/VS${symbol}/SS/KS0308`);
      }
      if (entry.role === 'padded') expect(endToEnd).toBe(`/VS${symbol!.padStart(10, '0')}/SS/KS0308`);
      if (entry.role === 'foreign') {
        expect(endToEnd).toBe('NOTPROVIDED');
        expect(message.includes(symbol!) || message.includes(entry.invoice!.documentNumber)).toBe(true);
      }
      if (entry.role === 'suggestion') expect(`${endToEnd} ${message}`).not.toMatch(/\d{4}/);
      expect(textOf(written, 'Amt')).toMatch(/^\d+\.\d\d$/);
    }
  });

  it('pays open invoices: exactly what is left, half of it, or twice the same half', () => {
    for (const entry of statement.entries.filter((e) => e.invoice)) {
      const invoice = company.invoices.find((i) => i.record.id === entry.invoice!.id)!.record;
      expect([0, 3]).toContain(invoice.paymentStatus);
      const due = Math.round(invoice.sumForPayment * 100);
      if (['exact', 'padded', 'foreign', 'suggestion'].includes(entry.role)) expect(entry.cents).toBe(due);
      else expect(entry.cents).toBe(Math.floor(due / 2));
    }
    const twins = entries.filter((_, at) => statement.entries[at]!.role === 'twin');
    expect(twins).toHaveLength(2);
    expect(twins[0]).toEqual(twins[1]);
  });

  it('balances: the closing balance is the opening one plus the credits less the debits', () => {
    const balances = stmt!.children.filter((c) => c.name === 'Bal');
    const [opening, closing] = balances.map((b) => cents(textOf(b, 'Amt')!));
    const moved = entries.reduce(
      (sum, e) => sum + (textOf(e, 'CdtDbtInd') === 'CRDT' ? 1 : -1) * cents(textOf(e, 'Amt')!),
      0,
    );
    expect(closing).toBe(opening! + moved);
  });

  it('is the same statement every time for the same company and day', () => {
    expect(statementFile(api, TENANT, 'camt053').body).toBe(file.body);
  });
});

describe('an MT940 statement of the same lines', () => {
  const file = statementFile(api, TENANT, 'mt940');
  const lines = file.body.split('\r\n').filter(Boolean);
  const tags = lines.filter((l) => /^:\w+:/.test(l)).map((l) => /^:(\w+):/.exec(l)![1]);

  it('has the fields :20: :25: :28C: :60F: :61: :86: :62F:, in order, one :61: and :86: per line', () => {
    expect(tags.slice(0, 4)).toEqual(['20', '25', '28C', '60F']);
    expect(tags.at(-1)).toBe('62F');
    const entries = file.statement.entries.length;
    expect(tags.filter((t) => t === '61')).toHaveLength(entries);
    expect(tags.filter((t) => t === '86')).toHaveLength(entries);
    expect(lines.find((l) => l.startsWith(':25:'))).toBe(`:25:${file.statement.account.iban}`);
  });

  it('keeps to SWIFT’s characters and 65 characters a line, and balances', () => {
    for (const line of lines) {
      expect(line, line).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]*$/);
      expect(line.replace(/^:\w+:/, '').length, line).toBeLessThanOrEqual(65);
    }
    const amount = (field: string) => cents(/[CD]\d{6}[A-Z]{3}([\d,]+)$/.exec(field)![1]!.replace(',', '.'));
    const opening = amount(lines.find((l) => l.startsWith(':60F:'))!);
    const closing = amount(lines.find((l) => l.startsWith(':62F:'))!);
    const moved = lines
      .filter((l) => l.startsWith(':61:'))
      .map((l) => /^:61:\d{10}([CD])([\d,]+)N/.exec(l)!)
      .reduce((sum, [, mark, value]) => sum + (mark === 'C' ? 1 : -1) * cents(value!.replace(',', '.')), 0);
    expect(closing).toBe(opening + moved);
  });

  it('carries the symbols in :86:’s message sub-fields', () => {
    const exact = file.statement.entries.find((e) => e.role === 'exact')!;
    expect(file.body.replace(/\r\n/g, '')).toContain(`?20/VS${exact.invoice!.variableSymbol}/SS/KS0308`);
  });
});

/** A line as a statement reader hands it on (symbols out of the EndToEndId). */
function lineOf(entry: StatementEntry, index: number, statement: GeneratedStatement): StatementLine {
  const vs = /^\/VS(\d+)/.exec(entry.endToEndId ?? '')?.[1] ?? null;
  return {
    index,
    occurrence: 1,
    bookingDate: entry.bookingDate,
    direction: entry.direction,
    amount: (entry.cents / 100).toFixed(2),
    currency: statement.account.currency,
    bankReference: entry.reference,
    endToEndId: entry.endToEndId,
    symbols: { variable: vs, specific: null, constant: vs ? '0308' : null },
    counterparty: entry.counterparty,
    message: entry.message,
    externalId: `${entry.reference}:${index}`,
  };
}

/** The company's open invoices as the mirror's query answers them. */
function openInvoicesOfSandbox(data: CompanyData): OpenInvoice[] {
  return data.invoices
    .filter(({ record }) => record.sumForPayment > 0 && record.invoiceType !== 1)
    .map(({ record }) => ({
      id: String(record.id),
      documentNumber: record.documentNumber,
      variableSymbol: record.variableSymbol || null,
      issueDate: record.issueDate.slice(0, 10),
      total: String(record.prices.documentPrices.totalPriceInclVat),
      amountDue: String(record.sumForPayment),
      currency: record.prices.currency,
      kind: record.invoiceType === 2 ? 'advance' : 'regular',
      partnerName: record.partner.address.businessName,
      partnerKey: record.partner.registrationId,
      partnerIbans: data.payments
        .filter((p) => p.iban && p.partnerName === record.partner.address.businessName)
        .map((p) => p.iban!),
    }));
}

describe('the statement pairs as each line is meant to', () => {
  it('pairs exact, padded and foreign lines exactly, halves partly, leaves the rest unmatched, excludes debits', () => {
    const { statement } = statementFile(api, TENANT, 'json');
    const pairings = pairStatement(
      statement.entries.map((entry, index) => lineOf(entry, index, statement)),
      openInvoicesOfSandbox(company),
    );
    statement.entries.forEach((entry, at) => {
      const pairing = pairings[at]!;
      const label = `${entry.role} ${entry.reference}`;
      const paid = entry.invoice === null ? null : String(entry.invoice.id);
      if (['exact', 'padded', 'foreign'].includes(entry.role)) {
        expect(pairing, label).toMatchObject({ state: 'ready', match: 'exact', document: { id: paid } });
      }
      if (entry.role === 'partial') expect(pairing, label).toMatchObject({ state: 'ready', match: 'partial' });
      if (entry.role === 'twin') expect(pairing, label).toMatchObject({ state: 'ready', document: { id: paid } });
      if (entry.role === 'suggestion') {
        expect(pairing, label).toMatchObject({ state: 'unmatched', suggestion: { document: { id: paid } } });
      }
      if (entry.role === 'unknown') expect(pairing, label).toMatchObject({ state: 'unmatched', suggestion: null });
      if (entry.role === 'debit') expect(pairing, label).toMatchObject({ state: 'excluded', reasons: ['outgoing'] });
    });
  });
});

describe('the sandbox serves the statements', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  it('as files at /admin/data-api/statement, linked from the home page', async () => {
    const camt = await fetch(`${sandbox.url}/admin/data-api/statement?tenant=${TENANT}&format=camt053`);
    expect(camt.status).toBe(200);
    expect(camt.headers.get('content-type')).toBe('application/xml');
    expect(camt.headers.get('content-disposition')).toMatch(
      /^attachment; filename="vypis-10001-\d{4}-\d\d-\d\d\.xml"$/,
    );
    expect(parseXml(await camt.text()).uri).toBe(CAMT053_NAMESPACE);
    const mt940 = await fetch(`${sandbox.url}/admin/data-api/statement?tenant=${TENANT}&format=mt940`);
    expect(await mt940.text()).toMatch(/^:20:/);
    const json = await fetch(`${sandbox.url}/admin/data-api/statement?tenant=${TENANT}&format=json`);
    expect(((await json.json()) as { data: GeneratedStatement }).data.entries.length).toBeGreaterThan(10);
    const home = await (await fetch(`${sandbox.url}/`)).text();
    expect(home).toContain(`/admin/data-api/statement?tenant=${TENANT}&amp;format=camt053`);
  });

  it('refuses a format or company it does not know, and an account the company does not have', async () => {
    const status = async (query: string) => (await fetch(`${sandbox.url}/admin/data-api/statement?${query}`)).status;
    expect(await status('tenant=10001&format=pdf')).toBe(400);
    expect(await status('tenant=abc')).toBe(400);
    expect(await status('tenant=10001&account=1')).toBe(404);
  });
});
