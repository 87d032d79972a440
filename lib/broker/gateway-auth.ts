import 'server-only';
import { matchesAnySecret } from '@/lib/crypto/digest';
import { HttpError } from '@/lib/http/errors';
import { countFailure } from '@/lib/http/failure-limit';
import { clientAddress } from '@/lib/http/client-address';

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
