import type { IncomingMessage, ServerResponse } from 'node:http';

import type { IssuedToken } from '../access-tokens';
import type { CompanyData } from '../data/company-data';
import type { CompanyStore } from '../data/company-store';
import type { DuplicateGuard } from './duplicates';
import type { ActiveFault } from './faults';
import type { PreviewStore } from './previews';

/** State shared by all data-API endpoints of one sandbox. */
export interface DataApiServices {
  /** The sandbox's clock (epoch ms); injectable for tests. */
  now: () => number;
  companies: CompanyStore;
  previews: PreviewStore;
  duplicates: DuplicateGuard;
  /** previewLink answers per company set by the sandbox's control (tests of the client's address checks). */
  previewLinks: Map<string, string>;
  /** Told of each accepted upload that the service reports by webhook (the sandbox sends the callback). */
  uploadAccepted?: (event: UploadAcceptedEvent) => void;
}

/** Why the service did not process one document of an accepted upload (the upload result's `problems[]`). */
export interface UploadProblem {
  code: string;
  message: string;
}

/** One document of an accepted upload, as the upload-finished callback names it. */
export interface UploadedDocument {
  /** Null: the document was refused (its problems say why) and nothing was created. */
  id: number | null;
  externalId: string | null;
  /** A payment's: the number of the invoice it paid (null: none). */
  documentNumber: string | null;
  /** Delivery notes have none. */
  variableSymbol: string | null;
  /** A payment's only: the id of the invoice it paid. */
  documentId?: number;
  /** The entity's problems in the upload result (none: processed as sent). */
  problems?: UploadProblem[];
}

/**
 * An upload the service answered 202 and will report on: POST /api/invoices, /api/invoices/batch,
 * /api/delivery-notes/batch (the interface), and /api/payments/batch (the issue asks the sandbox to report payments
 * too; the real service's notification for them is not described).
 */
export interface UploadAcceptedEvent {
  /** The live connection of the request's token (its webhook, if any). */
  token: IssuedToken;
  requestId: string;
  /** The collection the documents belong to, for the callback's apiUrl. */
  resource: 'invoices' | 'delivery-notes' | 'payments';
  documents: UploadedDocument[];
}

/** What a data-API endpoint receives once the token is accepted and the rate limit allowed the call. */
export interface DataApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  token: IssuedToken;
  /** Non-secret fingerprint of the bearer token, for per-connection state such as duplicate detection. */
  tokenFingerprint: string;
  /** The token's company, generated on first use. */
  company(): CompanyData;
  services: DataApiServices;
  /** A fault that lets the request be served, but changes how (slow, unstable-catalog: faults.ts). */
  fault?: ActiveFault;
}

export type DataApiHandler = (ctx: DataApiContext) => void | Promise<void>;

/** An endpoint under /api/ that takes no token (the consent poll): it sees only the request. */
export interface PublicApiContext {
  req: IncomingMessage;
  res: ServerResponse;
}

export type PublicApiHandler = (ctx: PublicApiContext) => void | Promise<void>;

/** `http://host:port` as the client addressed the sandbox, for links it must be able to follow. */
export function requestOrigin(ctx: Pick<DataApiContext, 'req'>): string {
  const host = ctx.req.headers.host ?? '';
  return /^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9a-fA-F:]+\](:\d+)?$/.test(host) ? `http://${host}` : 'http://127.0.0.1';
}
