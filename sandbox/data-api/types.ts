import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IssuedToken } from '../access-tokens';

/** What a data-API endpoint receives once the token is accepted and the rate limit allowed the call. */
export interface DataApiContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  token: IssuedToken;
}

export type DataApiHandler = (ctx: DataApiContext) => void | Promise<void>;
