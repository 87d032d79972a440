import { z } from 'zod';

import { HttpError } from '@/lib/base/errors';
import { readGatewayRequest } from '@/lib/doors/gateway';
import { handleRequest } from '@/lib/doors/http/handle';
import { keySetFor } from '@/lib/owners/sessions/key-set';
import { LaunchJwtRejected, verifyLaunchJwt } from '@/lib/owners/sessions/launch-jwt';
import { exchangeLaunch } from '@/lib/owners/sessions/token-exchange';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

const BODY_LIMIT = 16 * 1024;

// Compact JWS: three base64url segments (the third may be empty, as in `alg: none`, which verification refuses).
const requestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/),
});

export async function POST(request: Request) {
  return handleRequest({ endpoint: 'token-exchange', request }, async (log, db) => {
    const env = getEnv();
    const { token } = await readGatewayRequest(request, env.pluginApiKeys, {
      schema: requestSchema,
      limitBytes: BODY_LIMIT,
      invalidReason: 'token_missing_or_malformed',
    });
    log.jwtFingerprint = fingerprint(token);

    try {
      const claims = await verifyLaunchJwt(token, {
        pluginId: env.pluginId,
        resolveKey: keySetFor(env.brokerJwksUrl),
      });
      log.userFingerprint = fingerprint(claims.userId);
      log.tenants = claims.tenantIds.length;
      const result = await exchangeLaunch(await db(), claims, env.pluginId);
      log.requestAccessToken = result.requestAccessToken;
      return Response.json(result);
    } catch (error) {
      if (error instanceof LaunchJwtRejected) throw new HttpError('unauthorized', error.reason);
      throw error;
    }
  });
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
