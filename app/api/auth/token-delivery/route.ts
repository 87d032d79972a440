import { HttpError } from '@/lib/base/errors';
import { readGatewayRequest } from '@/lib/doors/gateway';
import { handleRequest } from '@/lib/doors/http/handle';
import { acceptDelivery } from '@/lib/features/connections/connect';
import { countDeliveredTokens } from '@/lib/owners/ops/counters';
import { deliverySchema } from '@/lib/owners/sessions/deliveries';
import { fingerprint } from '@/lib/platform/crypto/digest';
import { getEnv } from '@/lib/platform/env';
import { otherMethods } from '@/lib/platform/http/other-methods';
import { getLogger } from '@/lib/platform/log';

export const dynamic = 'force-dynamic';

// Up to 100 companies with opaque tokens of a few KB each.
const BODY_LIMIT = 1024 * 1024;

export async function POST(request: Request) {
  return handleRequest({ endpoint: 'token-delivery', request }, async (log, db) => {
    const env = getEnv();
    const delivery = await readGatewayRequest(request, env.pluginApiKeys, {
      schema: deliverySchema,
      limitBytes: BODY_LIMIT,
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

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
