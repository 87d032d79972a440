import { otherMethods } from '@/lib/http/other-methods';
import { getEnv } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { fingerprint } from '@/lib/crypto/digest';
import { readJsonBody } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { handleRequest } from '@/lib/http/handle';
import { authorizeGateway } from '@/lib/broker/gateway-auth';
import { deliverySchema, storeDelivery } from '@/lib/broker/deliveries';
import { getLogger } from '@/lib/log';

export const dynamic = 'force-dynamic';

// Up to 100 companies with opaque tokens of a few KB each.
const BODY_LIMIT = 1024 * 1024;

export async function POST(request: Request) {
  return handleRequest('token-delivery', async (log) => {
    const env = getEnv();
    await authorizeGateway(request, env.pluginApiKeys);

    const body = deliverySchema.safeParse(await readJsonBody(request, BODY_LIMIT));
    if (!body.success) throw new HttpError('bad_request', 'body_invalid');
    if (body.data.pluginId !== env.pluginId) throw new HttpError('bad_request', 'plugin_mismatch');
    log.userFingerprint = fingerprint(body.data.userId);
    log.entries = body.data.tokens.length;

    const outcome = await storeDelivery(await getDb(), body.data, env.encryptionKeys);
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
