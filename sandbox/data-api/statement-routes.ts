/**
 * GET /admin/data-api/statement?tenant=…&format=camt053|mt940|json[&account=…]: a bank statement of a company's open
 * invoices (bank-statement.ts), as a file to import into the add-on, or (json) the lines with what each is meant to
 * show, for tests in another process. And the home page's section linking each company's statements.
 */
import type { ServerResponse } from 'node:http';

import type { PageHandler } from '../broker-routes';
import { companies } from '../directory';
import { escapeHtml, sendJson } from '../http/io';
import type { Route } from '../http/router';
import { type GeneratedStatement, generateStatement, type StatementOptions } from './bank-statement';
import type { DataApi } from './index';
import { camt053Of, mt940Of } from './statement-formats';

export const STATEMENT_FORMATS = ['camt053', 'mt940', 'json'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export interface StatementFile {
  body: string;
  contentType: string;
  fileName: string;
  statement: GeneratedStatement;
}

/** The statement of a company of the data API, written in a format: what the route serves, for tests to call. */
export function statementFile(
  api: Pick<DataApi, 'services'>,
  tenantId: string,
  format: StatementFormat,
  options: StatementOptions = {},
): StatementFile {
  const statement = generateStatement(api.services.companies.get(tenantId), tenantId, options);
  const name = `vypis-${tenantId}-${statement.to}`;
  if (format === 'camt053') {
    return { body: camt053Of(statement), contentType: 'application/xml', fileName: `${name}.xml`, statement };
  }
  if (format === 'mt940') {
    return { body: mt940Of(statement), contentType: 'text/plain; charset=utf-8', fileName: `${name}.sta`, statement };
  }
  const body = `${JSON.stringify({ data: statement }, null, 2)}\n`;
  return { body, contentType: 'application/json', fileName: `${name}.json`, statement };
}

function sendFile(res: ServerResponse, file: StatementFile): void {
  res.writeHead(200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
    'Cache-Control': 'no-store',
  });
  res.end(file.body);
}

export function statementRoutes(api: Pick<DataApi, 'services'>): Route<PageHandler>[] {
  return [
    {
      method: 'GET',
      path: '/admin/data-api/statement',
      handler: (req, res) => {
        const query = new URL(req.url ?? '/', 'http://sandbox.invalid').searchParams;
        const tenantId = query.get('tenant') ?? '';
        const format = (query.get('format') ?? 'camt053') as StatementFormat;
        const account = query.get('account');
        if (
          !/^\d{1,18}$/.test(tenantId) ||
          !STATEMENT_FORMATS.includes(format) ||
          (account && !/^\d+$/.test(account))
        ) {
          return sendJson(res, 400, { message: 'expected ?tenant=<digits>&format=camt053|mt940|json[&account=<id>]' });
        }
        try {
          sendFile(res, statementFile(api, tenantId, format, account ? { accountId: Number(account) } : {}));
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          sendJson(res, 404, { message: error.message });
        }
      },
    },
  ];
}

/** The home page's section: each company's statement in both formats (plain links, no scripts). */
export function renderStatementPanel(): string {
  const rows = companies
    .map((company) => {
      const tenant = encodeURIComponent(company.tenantId);
      const link = (format: StatementFormat, label: string) =>
        `<a href="/admin/data-api/statement?tenant=${tenant}&amp;format=${format}">${label}</a>`;
      return `<li><b>${escapeHtml(company.name)}</b> <small>(tenant ${escapeHtml(company.tenantId)})</small>: ${link('camt053', 'camt.053')} · ${link('mt940', 'MT940')} · ${link('json', 'what each line shows')}</li>`;
    })
    .join('\n');
  return `<section id="statements" aria-labelledby="statements-title">
<h2 id="statements-title">Bank statements</h2>
<p class="hint">A statement of the company's bank account for the last week, made of its open invoices: exact
payments, partial ones, symbols padded with zeros, foreign payers naming the invoice only in the message, a payment
with no symbol from an account the partner paid from before, two identical lines, unknown symbols and two debits. Import
it under Payments in the add-on.</p>
<ul>
${rows}
</ul>
</section>`;
}
