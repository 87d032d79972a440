import 'server-only';

import { z } from 'zod';

import { HttpError } from '@/lib/base/errors';
import { readGatewayRequest } from '@/lib/doors/gateway';
import { handleRequest } from '@/lib/doors/http/handle';
import { acceptDelivery } from '@/lib/features/connections/connect';
import { countDeliveredTokens } from '@/lib/owners/ops/counters';
import { deliverySchema } from '@/lib/owners/sessions/deliveries';
import { keySetFor } from '@/lib/owners/sessions/key-set';
import { LaunchJwtRejected, verifyLaunchJwt } from '@/lib/owners/sessions/launch-jwt';
import { exchangeLaunch } from '@/lib/owners/sessions/token-exchange';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { getLogger } from '@/lib/platform/log';

const EXCHANGE_BODY_LIMIT = 16 * 1024;

// Compact JWS: three base64url segments (the third may be empty, as in `alg: none`, which verification refuses).
const requestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/),
});

async function tokenExchange(request: Request) {
  return handleRequest({ endpoint: 'token-exchange', request }, async (log, db) => {
    const env = getEnv();
    const { token } = await readGatewayRequest(request, env.pluginApiKeys, {
      schema: requestSchema,
      limitBytes: EXCHANGE_BODY_LIMIT,
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

// Up to 100 companies with opaque tokens of a few KB each.
const DELIVERY_BODY_LIMIT = 1024 * 1024;

async function tokenDelivery(request: Request) {
  return handleRequest({ endpoint: 'token-delivery', request }, async (log, db) => {
    const env = getEnv();
    const delivery = await readGatewayRequest(request, env.pluginApiKeys, {
      schema: deliverySchema,
      limitBytes: DELIVERY_BODY_LIMIT,
      invalidReason: 'body_invalid',
    });
    if (delivery.pluginId !== env.pluginId) throw new HttpError('bad_request', 'plugin_mismatch');
    log.userFingerprint = fingerprint(delivery.userId);
    log.entries = delivery.tokens.length;

    const outcome = await acceptDelivery(await db(), delivery, env.encryptionKeys);
    countDeliveredTokens(outcome);
    log.stored = outcome.stored;
    log.skipped = outcome.skipped.length;
    for (const skipped of outcome.skipped) {
      getLogger().warn(
        { endpoint: 'token-delivery', tenantId: skipped.tenantId, reason: skipped.reason },
        'delivery entry skipped',
      );
    }
    // Counts only: tokens and company names are never echoed.
    return Response.json({ stored: outcome.stored, skipped: outcome.skipped.length });
  });
}

/** The broker's addresses (app/api/auth/), through the gateway's door; each taken whole by its route file. */
export const brokerAddresses = {
  tokenExchange: { ...otherMethods('POST'), POST: tokenExchange },
  tokenDelivery: { ...otherMethods('POST'), POST: tokenDelivery },
};
