import { randomUUID } from 'node:crypto';

import { dayOf, isoDay } from '../data/calendar';
import type { CompanyData } from '../data/company-data';
import type { StoredInvoice } from '../data/types';
import type { UploadedDocument, UploadProblem } from '../data-api/types';
import { invoiceDocument } from '../data-api/upload-routes';

/**
 * The notifications the sandbox can send. The upload result follows service-facts.md "Webhooks" (peer evidence);
 * the two payment notifications are named by the interface, but their bodies are not published anywhere: the shape
 * below is the sandbox's guess, so an add-on must read them leniently.
 */
export const WEBHOOK_KINDS = ['upload-ok', 'upload-problems', 'financial-transaction', 'document-payment'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_KIND_LABELS: Readonly<Record<WebhookKind, string>> = {
  'upload-ok': 'upload finished, all processed (200)',
  'upload-problems': 'upload finished with problems (207)',
  'financial-transaction': 'payment with an account (FinancialTransaction)',
  'document-payment': 'payment without an account (DocumentPayment)',
};

/** One processed document of an upload, as the upload-finished callback reports it. */
export interface UploadEntity {
  data: Omit<UploadedDocument, 'problems'>;
  problems: UploadProblem[];
}

export interface UploadResult {
  requestId: string;
  status: 200 | 207;
  /** A template: the client puts an entity's id in place of `{id}`. */
  apiUrl: string;
  results: { entities: UploadEntity[]; relatedEntities: unknown[] };
}

/** 207 as soon as one entity reports a problem, 200 otherwise. */
export function uploadResult(requestId: string, apiUrl: string, entities: UploadEntity[]): UploadResult {
  const status = entities.some((e) => e.problems.length > 0) ? 207 : 200;
  return { requestId, status, apiUrl, results: { entities, relatedEntities: [] } };
}

/** THE SANDBOX'S GUESS at a payment notification: the service names the event, not its body. */
export interface PaymentNotification {
  requestId: string;
  eventType: 'FinancialTransaction' | 'DocumentPayment';
  data: {
    documentNumber: string;
    variableSymbol: string;
    /** yyyy-MM-dd */
    dateOfPayment: string;
    sumOfPayment: number;
    currency: 'EUR';
    partnerName: string | null;
    /** FinancialTransaction only: the payment account the money arrived on. */
    accountId?: number;
  };
}

function invoiceEntity(invoice: StoredInvoice, problems: UploadEntity['problems'] = []): UploadEntity {
  return { data: invoiceDocument(invoice), problems };
}

/** The invoices the samples talk about: the newest ones, so they are easy to find in the add-on. */
function newestInvoices(company: CompanyData, count: number): StoredInvoice[] {
  return [...company.invoices].sort((a, b) => b.record.id - a.record.id).slice(0, count);
}

/**
 * A sample body of the kind, about real records of the company so that the add-on can follow it (apiUrl, document
 * numbers). `origin` is the sandbox's address, for apiUrl.
 */
export function sampleEvent(
  kind: WebhookKind,
  company: CompanyData,
  opts: { requestId?: string; origin: string; nowMs: number },
): UploadResult | PaymentNotification {
  const requestId = opts.requestId ?? randomUUID();
  const apiUrl = `${opts.origin}/api/invoices/{id}`;
  const [first, second] = newestInvoices(company, 2);
  if (!first) throw new Error('the company has no invoices to report about');
  switch (kind) {
    case 'upload-ok':
      return uploadResult(requestId, apiUrl, [invoiceEntity(first)]);
    case 'upload-problems':
      return uploadResult(requestId, apiUrl, [
        invoiceEntity(first),
        invoiceEntity(second ?? first, [
          { code: 'InvalidVatId', message: "The partner's VAT id is not valid; the document was saved without it." },
        ]),
      ]);
    case 'financial-transaction':
    case 'document-payment': {
      const r = first.record;
      const account = company.accounts[0];
      return {
        requestId,
        eventType: kind === 'financial-transaction' ? 'FinancialTransaction' : 'DocumentPayment',
        data: {
          documentNumber: r.documentNumber,
          variableSymbol: r.variableSymbol,
          dateOfPayment: isoDay(dayOf(opts.nowMs)),
          sumOfPayment: r.sumForPayment > 0 ? r.sumForPayment : r.prices.documentPrices.totalPriceInclVat,
          currency: 'EUR',
          partnerName: r.partner.address.businessName ?? r.partner.address.contactName,
          ...(kind === 'financial-transaction' && account ? { accountId: account.id } : {}),
        },
      };
    }
  }
}
