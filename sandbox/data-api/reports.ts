import { datePart, parseTimestamp } from '../data/calendar';
import type { CompanyData } from '../data/company-data';
import { renderReportPdf, REPORT_IDS, type ReportId } from '../data/document-pdf';
import { sendJson } from '../http/io';
import type { Route } from '../http/router';
import { sendFile } from './files';
import type { PreviewTarget } from './previews';
import { sendNotFound, sendValidationProblem } from './problems';
import { int64, type ValidationErrors } from './query';
import { type DataApiHandler, requestOrigin } from './types';

const INVOICE_TITLES = ['FAKTÚRA', 'DOBROPIS', 'ZÁLOHOVÁ FAKTÚRA'] as const;

/** The PDF of a document as a report, or undefined when the company has no such document. */
export function renderReport(company: CompanyData, kind: PreviewTarget['kind'], id: number, reportId: ReportId) {
  const supplierName = company.profile.name;
  if (kind === 'invoice') {
    const invoice = company.invoices.find((i) => i.record.id === id);
    if (!invoice) return undefined;
    const { record } = invoice;
    const bytes = renderReportPdf(
      {
        title: INVOICE_TITLES[record.invoiceType],
        documentNumber: record.documentNumber,
        supplierName,
        partner: record.partner,
        dates: [
          ['Dátum vystavenia', datePart(record.issueDate)],
          ['Dátum dodania', datePart(record.deliveryDate)],
          ['Dátum splatnosti', datePart(record.dueDate)],
        ],
        items: invoice.details.items,
        prices: record.prices,
        payment: {
          iban: record.bankAccount?.iban ?? null,
          variableSymbol: record.variableSymbol,
          sumForPayment: record.sumForPayment,
        },
        createdMs: parseTimestamp(record.lastModifiedTimestamp) ?? 0,
      },
      reportId,
    );
    return { bytes, fileName: `${record.documentNumber}.pdf` };
  }
  const note = company.deliveryNotes.find((n) => n.record.id === id);
  if (!note) return undefined;
  const bytes = renderReportPdf(
    {
      title: 'DODACÍ LIST',
      documentNumber: note.record.documentNumber,
      supplierName,
      partner: note.record.partner,
      dates: [
        ['Dátum vystavenia', datePart(note.record.issueDate)],
        ['Dátum dodania', datePart(note.record.deliveryDate)],
        ...(note.record.orderNumber ? [['Objednávka', note.record.orderNumber] as const] : []),
      ],
      items: note.items,
      prices: note.record.prices,
      createdMs: parseTimestamp(note.record.lastModifiedTimestamp) ?? 0,
    },
    reportId,
  );
  return { bytes, fileName: `${note.record.documentNumber}.pdf` };
}

type ReportPath = { ok: true; id: number; reportId: ReportId } | { ok: false; errors: ValidationErrors };

function parseReportPath(params: Record<string, string>): ReportPath {
  const id = int64(params.id ?? '');
  const reportNumber = int64(params.reportId ?? '');
  const errors: ValidationErrors = {};
  if (id === undefined) errors.id = [`The value '${params.id}' is not valid.`];
  if (reportNumber === undefined) errors.reportId = [`The value '${params.reportId}' is not valid.`];
  else if (!REPORT_IDS.includes(reportNumber as ReportId)) {
    errors.reportId = [`Report ${reportNumber} does not exist; allowed values are ${REPORT_IDS.join(', ')}.`];
  }
  if (id === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, id, reportId: reportNumber as ReportId };
}

/** GET …/{id}/reports/{reportId} (the PDF as a download) and …/previewLink (a short-lived link to view it). */
export function reportRoutes(kind: PreviewTarget['kind']): Route<DataApiHandler>[] {
  const base = kind === 'invoice' ? '/api/invoices' : '/api/delivery-notes';
  const what = kind === 'invoice' ? 'invoice' : 'delivery note';
  return [
    {
      method: 'GET',
      path: `${base}/:id/reports/:reportId`,
      handler: (ctx) => {
        const parsed = parseReportPath(ctx.params);
        if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
        const report = renderReport(ctx.company(), kind, parsed.id, parsed.reportId);
        if (!report) return sendNotFound(ctx.res, `No ${what} with id ${parsed.id}.`);
        sendFile(ctx.res, report.bytes, 'application/pdf', report.fileName, 'attachment');
      },
    },
    {
      method: 'GET',
      path: `${base}/:id/reports/:reportId/previewLink`,
      handler: (ctx) => {
        const parsed = parseReportPath(ctx.params);
        if (!parsed.ok) return sendValidationProblem(ctx.res, parsed.errors);
        const company = ctx.company();
        const exists =
          kind === 'invoice'
            ? company.invoices.some((i) => i.record.id === parsed.id)
            : company.deliveryNotes.some((n) => n.record.id === parsed.id);
        if (!exists) return sendNotFound(ctx.res, `No ${what} with id ${parsed.id}.`);
        const chosen = ctx.services.previewLinks.get(ctx.token.tenantId);
        if (chosen !== undefined) return sendJson(ctx.res, 200, { data: { url: chosen } });
        const target = { tenantId: ctx.token.tenantId, kind, id: parsed.id, reportId: parsed.reportId };
        const previewId = ctx.services.previews.create(target, ctx.services.now());
        sendJson(ctx.res, 200, { data: { url: `${requestOrigin(ctx)}/preview/${previewId}` } });
      },
    },
  ];
}
