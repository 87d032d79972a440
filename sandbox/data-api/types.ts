import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IssuedToken } from '../access-tokens';
import type { CompanyData, CompanyStore } from '../data/company-data';
import type { DuplicateGuard } from './duplicates';
import type { PreviewStore } from './previews';

/** State shared by all data-API endpoints of one sandbox. */
export interface DataApiServices {
  /** The sandbox's clock (epoch ms); injectable for tests. */
  now: () => number;
  companies: CompanyStore;
  previews: PreviewStore;
  duplicates: DuplicateGuard;
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
}

export type DataApiHandler = (ctx: DataApiContext) => void | Promise<void>;

/** `http://host:port` as the client addressed the sandbox, for links it must be able to follow. */
export function requestOrigin(ctx: Pick<DataApiContext, 'req'>): string {
  const host = ctx.req.headers.host ?? '';
  return /^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9a-fA-F:]+\](:\d+)?$/.test(host) ? `http://${host}` : 'http://127.0.0.1';
}
