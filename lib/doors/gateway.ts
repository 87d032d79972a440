import 'server-only';

import type { z } from 'zod';

import { HttpError } from '@/lib/base/errors';
import { readJsonBody } from '@/lib/base/http/body';
import { clientAddress } from '@/lib/base/http/client-address';
import { countFailure } from '@/lib/owners/rate-limits/failure-limit';
import { matchesAnySecret } from '@/lib/platform/crypto/digest';

export const API_KEY_HEADER = 'x-plugin-api-key';

/**
 * The gateway proves itself with `X-Plugin-Api-Key`, compared in constant time against every accepted key (several
 * during a rotation). Runs before the body is read and before anything else is touched. A failure spends the
 * caller's failure budget: past it the answer is 429 instead of 401.
 */
export async function authorizeGateway(request: Request, acceptedKeys: readonly string[]): Promise<void> {
  const presented = request.headers.get(API_KEY_HEADER);
  if (presented && matchesAnySecret(presented, acceptedKeys)) return;
  await countFailure(clientAddress(request));
  throw new HttpError('unauthorized', presented ? 'api_key_wrong' : 'api_key_missing');
}

/**
 * A request of the gateway: its API key first (nothing is read before it), then its JSON body of at most `limitBytes`,
 * which must match `schema`; anything else is 400 with `invalidReason` in the log line.
 */
export async function readGatewayRequest<T>(
  request: Request,
  acceptedKeys: readonly string[],
  body: { schema: z.ZodType<T>; limitBytes: number; invalidReason: string },
): Promise<T> {
  await authorizeGateway(request, acceptedKeys);
  const parsed = body.schema.safeParse(await readJsonBody(request, body.limitBytes));
  if (!parsed.success) throw new HttpError('bad_request', body.invalidReason);
  return parsed.data;
}
