import 'server-only';

import type { z } from 'zod';

import { type ReportedKind, serviceCollectionOf } from './document-paths';
import { int64IdSchema, reportIdSchema, uuidSchema } from './ids';
import { parseList, parseRecord, validInput } from './parse';
import { type QueryValue, toSearchParams } from './queries';
import type { Priority } from './rate/slots';
import { previewLinkSchema } from './schemas/reference';
import type { Call, Transport } from './transport';

/** A binary answer to stream on: a PDF report or an attachment's content. */
export type Download = {
  body: ReadableStream<Uint8Array>;
  contentType: string | null;
  contentLength: number | null;
};

export type ClientOptions = {
  /**
   * When the caller stops waiting, for every call of this client (ms since the epoch, the transport's clock): a
   * page opens its client with the page's deadline. Without one, each call has the transport's own limits.
   */
  deadline?: number;
  /**
   * 'page' (the default): someone is waiting for the answer. 'background': the mirror's sync, whose calls yield to
   * every page call of the same token, in every instance (`rate/slots.ts`).
   */
  priority?: Priority;
};

/**
 * The kinds of call the client's endpoints are made of (a JSON read, a list, an upload, a download, a report), each
 * sent through the transport with the client's deadline and priority. createDataApiClient only names the endpoints.
 */
export function callsOf(transport: Transport, { deadline, priority }: ClientOptions) {
  async function getJson(endpoint: string, path: string, query?: URLSearchParams) {
    return (await transport.send({ method: 'GET', path, query, endpoint, deadline, priority })).text;
  }

  async function post<T extends z.ZodType>(endpoint: string, path: string, body: unknown, answer: T) {
    const { text } = await transport.send({ method: 'POST', path, body, endpoint, deadline, priority });
    // A 201 or 202 may come without a body; that is an acceptance with nothing to report.
    return parseRecord(answer, text?.trim() ? text : '{}', endpoint);
  }

  async function download(endpoint: string, path: string): Promise<Download> {
    const call: Call = { method: 'GET', path, endpoint, binary: true, deadline, priority };
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
      const params = toSearchParams(validInput(query, input, endpoint) as Record<string, QueryValue>);
      return parseList(record, await getJson(endpoint, path, params), endpoint);
    };

  const int64Id = (id: unknown, endpoint: string) => validInput(int64IdSchema, id, endpoint);
  const uuid = (id: unknown, endpoint: string) => validInput(uuidSchema, id, endpoint);
  const reportId = (id: unknown, endpoint: string) => validInput(reportIdSchema, id, endpoint);

  /**
   * Reports and preview links of invoices and delivery notes share their shape, under the service's path of the kind
   * (`/api/delivery-notes`: the service's, not our pages' segment).
   */
  function reportsOf(kind: ReportedKind) {
    const collection = serviceCollectionOf(kind);
    const reportEndpoint = `GET /api/${collection}/{id}/reports/{reportId}`;
    const previewEndpoint = `${reportEndpoint}/previewLink`;
    return {
      report: async (id: number | string, report: number | string) =>
        download(
          reportEndpoint,
          `/api/${collection}/${int64Id(id, reportEndpoint)}/reports/${reportId(report, reportEndpoint)}`,
        ),
      previewLink: async (id: number | string, report: number | string) =>
        parseRecord(
          previewLinkSchema,
          await getJson(
            previewEndpoint,
            `/api/${collection}/${int64Id(id, previewEndpoint)}/reports/${reportId(report, previewEndpoint)}/previewLink`,
          ),
          previewEndpoint,
        ),
    };
  }

  /** An upload: the documents checked, then sent wrapped in `{ data: … }` as the service expects. */
  const upload =
    <B extends z.ZodType, A extends z.ZodType>(path: string, body: B, answer: A) =>
    async (value: z.input<B>) => {
      const endpoint = `POST ${path}`;
      return post(endpoint, path, { data: validInput(body, value, endpoint) }, answer);
    };

  /** A list without parameters (reference data). */
  const listAll =
    <R extends z.ZodType>(path: string, record: R) =>
    async () =>
      parseList(record, await getJson(`GET ${path}`, path), `GET ${path}`);

  return { getJson, download, listOf, int64Id, uuid, reportsOf, upload, listAll };
}

export type Calls = ReturnType<typeof callsOf>;
