import 'server-only';

import { type Calls, callsOf, type ClientOptions } from './client-calls';
import { parseList, parseRecord } from './parse';
import {
  catalogItemListQuery,
  deliveryNoteListQuery,
  expenseListQuery,
  invoiceListQuery,
  paymentListQuery,
} from './queries';
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
  warehouseSchema,
} from './schemas/reference';
import type { Transport } from './transport';
import {
  batchOf,
  cashAccountUpload,
  documentUpload,
  invoiceUpload,
  paymentUpload,
  receivedOrderUpload,
  stockIssueUpload,
} from './uploads';

export type { ClientOptions, Download } from './client-calls';

/**
 * A typed method for every endpoint of the interface. Inputs are validated by the interface's rules before
 * anything is sent (a violation is DataApiError 'invalid-input'); answers are parsed with zod (known fields typed,
 * unknown ones kept); binary answers are handed back as streams, never buffered.
 */

const seg = (value: string | number) => encodeURIComponent(String(value));

export function createDataApiClient(transport: Transport, options: ClientOptions = {}) {
  const calls = callsOf(transport, options);
  return {
    auth: {
      /** 200 with an empty body for a live token; 401 (DataApiError 'unauthorized') otherwise. */
      check: async (): Promise<true> => {
        await calls.getJson('GET /api/auth/check', '/api/auth/check');
        return true;
      },
    },
    ...documentEndpoints(calls),
    ...paymentAndStockEndpoints(calls),
  };
}

/** The documents: invoices, expenses and their attachments, delivery notes. */
function documentEndpoints({ getJson, download, listOf, int64Id, uuid, reportsOf, upload }: Calls) {
  return {
    invoices: {
      list: listOf('GET /api/invoices', '/api/invoices', invoiceListQuery, invoiceSchema),
      get: async (id: number | string) => {
        const endpoint = 'GET /api/invoices/{id}';
        return parseRecord(invoiceSchema, await getJson(endpoint, `/api/invoices/${int64Id(id, endpoint)}`), endpoint);
      },
      upload: upload('/api/invoices', invoiceUpload, acceptedSchema),
      uploadBatch: upload('/api/invoices/batch', batchOf(invoiceUpload), acceptedSchema),
      ...reportsOf('invoices'),
    },

    expenses: {
      list: listOf('GET /api/expenses', '/api/expenses', expenseListQuery, expenseSchema),
      get: async (id: string) => {
        const endpoint = 'GET /api/expenses/{id}';
        return parseRecord(
          expenseSchema,
          await getJson(endpoint, `/api/expenses/${seg(uuid(id, endpoint))}`),
          endpoint,
        );
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
      list: listOf('GET /api/delivery-notes', '/api/delivery-notes', deliveryNoteListQuery, deliveryNoteSchema),
      get: async (id: number | string) => {
        const endpoint = 'GET /api/delivery-notes/{id}';
        const path = `/api/delivery-notes/${int64Id(id, endpoint)}`;
        return parseRecord(deliveryNoteSchema, await getJson(endpoint, path), endpoint);
      },
      uploadBatch: upload('/api/delivery-notes/batch', batchOf(documentUpload), acceptedSchema),
      /** The one synchronous upload: 201 with the created note. */
      createSingle: upload('/api/delivery-notes/single', documentUpload, deliveryNoteCreatedSchema),
      ...reportsOf('deliveryNotes'),
    },
  };
}

/** Payments and their accounts, numbering, received orders, the catalogue, warehouses and stock issues. */
function paymentAndStockEndpoints({ listOf, upload, listAll }: Calls) {
  return {
    payments: {
      /** Only payments added with an account id. */
      list: listOf('GET /api/payments', '/api/payments', paymentListQuery, paymentSchema),
      uploadBatch: upload('/api/payments/batch', batchOf(paymentUpload), acceptedSchema),
    },

    paymentAccounts: {
      list: listAll('/api/payments/accounts', paymentAccountSchema),
      createCash: upload('/api/payments/accounts/cash', cashAccountUpload, paymentAccountSchema),
    },

    numberingSequences: {
      list: listAll('/api/numberingSequences', numberingSequenceSchema),
    },

    receivedOrders: {
      uploadBatch: upload('/api/received-orders/batch', batchOf(receivedOrderUpload), acceptedSchema),
    },

    catalogItems: {
      list: listOf('GET /api/catalog-items', '/api/catalog-items', catalogItemListQuery, catalogItemSchema),
    },

    warehouses: {
      list: listAll('/api/warehouses', warehouseSchema),
    },

    stockIssues: {
      createSingle: upload('/api/movements/issues/single', stockIssueUpload, acceptedSchema),
    },
  };
}

export type DataApiClient = ReturnType<typeof createDataApiClient>;
