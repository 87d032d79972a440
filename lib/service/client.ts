import 'server-only';
import { z } from 'zod';
import { attachmentSchema } from './schemas/attachment';
import { deliveryNoteSchema } from './schemas/delivery-note';
import { expenseSchema } from './schemas/expense';
import { invoiceSchema } from './schemas/invoice';
import {
  acceptedSchema,
  catalogItemSchema,
  deliveryNoteCreatedSchema,
  numberingSequenceSchema,
  paymentAccountSchema,
  paymentSchema,
  previewLinkSchema,
  warehouseSchema,
} from './schemas/reference';
import {
  catalogItemListQuery,
  deliveryNoteListQuery,
  expenseListQuery,
  invoiceIdSchema,
  invoiceListQuery,
  paymentListQuery,
  reportIdSchema,
  toSearchParams,
  uuidSchema,
  type CatalogItemListQuery,
  type DeliveryNoteListQuery,
  type ExpenseListQuery,
  type InvoiceListQuery,
  type PaymentListQuery,
} from './queries';
import { parseList, parseRecord, validInput } from './parse';
import type { Call, Transport } from './transport';
import {
  batchOf,
  cashAccountUpload,
  documentUpload,
  paymentUpload,
  receivedOrderUpload,
  stockIssueUpload,
  type CashAccountUpload,
  type DocumentUpload,
  type PaymentUpload,
  type ReceivedOrderUpload,
  type StockIssueUpload,
} from './uploads';

/**
 * A typed method for every endpoint of the interface. Inputs are validated by the interface's rules before
 * anything is sent (a violation is DataApiError 'invalid-input'); answers are parsed with zod (known fields typed,
 * unknown ones kept); binary answers are handed back as streams, never buffered.
 */

/** A binary answer to stream on: a PDF report or an attachment's content. */
export type Download = {
  body: ReadableStream<Uint8Array>;
  contentType: string | null;
  contentLength: number | null;
};

const seg = (value: string | number) => encodeURIComponent(String(value));

export function createDataApiClient(transport: Transport) {
  async function getJson(endpoint: string, path: string, query?: URLSearchParams) {
    return (await transport.send({ method: 'GET', path, query, endpoint })).text;
  }

  async function post<T extends z.ZodType>(endpoint: string, path: string, body: unknown, answer: T) {
    const { text } = await transport.send({ method: 'POST', path, body, endpoint });
    // A 201 or 202 may come without a body; that is an acceptance with nothing to report.
    return parseRecord(answer, text?.trim() ? text : '{}', endpoint);
  }

  async function download(endpoint: string, path: string): Promise<Download> {
    const call: Call = { method: 'GET', path, endpoint, binary: true };
    const { response } = await transport.send(call);
    const length = Number(response.headers.get('content-length'));
    // fetch decodes a compressed body, so the declared length is then not the length of what streams on.
    const known = response.headers.has('content-length') && !response.headers.has('content-encoding');
    return {
      body: response.body ?? new ReadableStream({ start: (controller) => controller.close() }),
      contentType: response.headers.get('content-type'),
      contentLength: known && Number.isSafeInteger(length) && length >= 0 ? length : null,
    };
  }

  const listOf =
    <Q extends z.ZodType, R extends z.ZodType>(endpoint: string, path: string, query: Q, record: R) =>
    async (input: z.input<Q> = {} as z.input<Q>) => {
      const params = toSearchParams(validInput(query, input, endpoint) as Record<string, unknown>);
      return parseList(record, await getJson(endpoint, path, params), endpoint);
    };

  const invoiceId = (id: unknown, endpoint: string) => validInput(invoiceIdSchema, id, endpoint);
  const uuid = (id: unknown, endpoint: string) => validInput(uuidSchema, id, endpoint);
  const reportId = (id: unknown, endpoint: string) => validInput(reportIdSchema, id, endpoint);

  /** Reports and preview links of invoices and delivery notes share their shape. */
  function reportsOf(kind: 'invoices' | 'delivery-notes') {
    const reportEndpoint = `GET /api/${kind}/{id}/reports/{reportId}`;
    const previewEndpoint = `${reportEndpoint}/previewLink`;
    return {
      report: async (id: number | string, report: number | string) =>
        download(reportEndpoint, `/api/${kind}/${invoiceId(id, reportEndpoint)}/reports/${reportId(report, reportEndpoint)}`),
      previewLink: async (id: number | string, report: number | string) =>
        parseRecord(
          previewLinkSchema,
          await getJson(
            previewEndpoint,
            `/api/${kind}/${invoiceId(id, previewEndpoint)}/reports/${reportId(report, previewEndpoint)}/previewLink`,
          ),
          previewEndpoint,
        ),
    };
  }

  const wrap = <T extends z.ZodType>(schema: T, value: unknown, endpoint: string) => ({
    data: validInput(schema, value, endpoint),
  });

  return {
    auth: {
      /** 200 with an empty body for a live token; 401 (DataApiError 'unauthorized') otherwise. */
      check: async (): Promise<true> => {
        await getJson('GET /api/auth/check', '/api/auth/check');
        return true;
      },
    },

    invoices: {
      list: listOf('GET /api/invoices', '/api/invoices', invoiceListQuery, invoiceSchema) as (
        query?: InvoiceListQuery,
      ) => Promise<z.output<typeof invoiceSchema>[]>,
      get: async (id: number | string) => {
        const endpoint = 'GET /api/invoices/{id}';
        return parseRecord(invoiceSchema, await getJson(endpoint, `/api/invoices/${invoiceId(id, endpoint)}`), endpoint);
      },
      upload: async (invoice: DocumentUpload) =>
        post('POST /api/invoices', '/api/invoices', wrap(documentUpload, invoice, 'POST /api/invoices'), acceptedSchema),
      uploadBatch: async (invoices: DocumentUpload[]) =>
        post(
          'POST /api/invoices/batch',
          '/api/invoices/batch',
          wrap(batchOf(documentUpload), invoices, 'POST /api/invoices/batch'),
          acceptedSchema,
        ),
      ...reportsOf('invoices'),
    },

    expenses: {
      list: listOf('GET /api/expenses', '/api/expenses', expenseListQuery, expenseSchema) as (
        query?: ExpenseListQuery,
      ) => Promise<z.output<typeof expenseSchema>[]>,
      get: async (id: string) => {
        const endpoint = 'GET /api/expenses/{id}';
        return parseRecord(expenseSchema, await getJson(endpoint, `/api/expenses/${seg(uuid(id, endpoint))}`), endpoint);
      },
    },

    attachments: {
      /** Attachments exist for expenses only ("evidence" is currently always `expenses`). */
      list: async (documentId: string) => {
        const endpoint = 'GET /api/attachments/expenses/{documentId}';
        const path = `/api/attachments/expenses/${seg(uuid(documentId, endpoint))}`;
        return parseList(attachmentSchema, await getJson(endpoint, path), endpoint);
      },
      content: async (documentId: string, attachmentId: string) => {
        const endpoint = 'GET /api/attachments/expenses/{documentId}/{attachmentId}/content';
        return download(
          endpoint,
          `/api/attachments/expenses/${seg(uuid(documentId, endpoint))}/${seg(uuid(attachmentId, endpoint))}/content`,
        );
      },
    },

    deliveryNotes: {
      list: listOf('GET /api/delivery-notes', '/api/delivery-notes', deliveryNoteListQuery, deliveryNoteSchema) as (
        query?: DeliveryNoteListQuery,
      ) => Promise<z.output<typeof deliveryNoteSchema>[]>,
      get: async (id: number | string) => {
        const endpoint = 'GET /api/delivery-notes/{id}';
        const path = `/api/delivery-notes/${invoiceId(id, endpoint)}`;
        return parseRecord(deliveryNoteSchema, await getJson(endpoint, path), endpoint);
      },
      uploadBatch: async (notes: DocumentUpload[]) =>
        post(
          'POST /api/delivery-notes/batch',
          '/api/delivery-notes/batch',
          wrap(batchOf(documentUpload), notes, 'POST /api/delivery-notes/batch'),
          acceptedSchema,
        ),
      /** The one synchronous upload: 201 with the created note. */
      createSingle: async (note: DocumentUpload) =>
        post(
          'POST /api/delivery-notes/single',
          '/api/delivery-notes/single',
          wrap(documentUpload, note, 'POST /api/delivery-notes/single'),
          deliveryNoteCreatedSchema,
        ),
      ...reportsOf('delivery-notes'),
    },

    payments: {
      /** Only payments added with an account id. */
      list: listOf('GET /api/payments', '/api/payments', paymentListQuery, paymentSchema) as (
        query?: PaymentListQuery,
      ) => Promise<z.output<typeof paymentSchema>[]>,
      uploadBatch: async (payments: PaymentUpload[]) =>
        post(
          'POST /api/payments/batch',
          '/api/payments/batch',
          wrap(batchOf(paymentUpload), payments, 'POST /api/payments/batch'),
          acceptedSchema,
        ),
    },

    paymentAccounts: {
      list: async () =>
        parseList(paymentAccountSchema, await getJson('GET /api/payments/accounts', '/api/payments/accounts'), 'GET /api/payments/accounts'),
      createCash: async (account: CashAccountUpload) =>
        post(
          'POST /api/payments/accounts/cash',
          '/api/payments/accounts/cash',
          wrap(cashAccountUpload, account, 'POST /api/payments/accounts/cash'),
          paymentAccountSchema,
        ),
    },

    numberingSequences: {
      list: async () =>
        parseList(
          numberingSequenceSchema,
          await getJson('GET /api/numberingSequences', '/api/numberingSequences'),
          'GET /api/numberingSequences',
        ),
    },

    receivedOrders: {
      uploadBatch: async (orders: ReceivedOrderUpload[]) =>
        post(
          'POST /api/received-orders/batch',
          '/api/received-orders/batch',
          wrap(batchOf(receivedOrderUpload), orders, 'POST /api/received-orders/batch'),
          acceptedSchema,
        ),
    },

    catalogItems: {
      list: listOf('GET /api/catalog-items', '/api/catalog-items', catalogItemListQuery, catalogItemSchema) as (
        query?: CatalogItemListQuery,
      ) => Promise<z.output<typeof catalogItemSchema>[]>,
    },

    warehouses: {
      list: async () => parseList(warehouseSchema, await getJson('GET /api/warehouses', '/api/warehouses'), 'GET /api/warehouses'),
    },

    stockIssues: {
      createSingle: async (issue: StockIssueUpload) =>
        post(
          'POST /api/movements/issues/single',
          '/api/movements/issues/single',
          wrap(stockIssueUpload, issue, 'POST /api/movements/issues/single'),
          acceptedSchema,
        ),
    },
  };
}

export type DataApiClient = ReturnType<typeof createDataApiClient>;
