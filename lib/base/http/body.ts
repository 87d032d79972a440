import 'server-only';

import { HttpError } from '@/lib/base/errors';

/**
 * The body of a request or a response, at most `limit` bytes, as the bytes that arrived (a signature is over those,
 * not over a decoding of them); null when it is longer. A declared length over the limit is refused before reading;
 * a body that turns out longer is cut off as soon as it passes the limit, so a huge body never sits in memory.
 */
export async function readUpTo(message: Request | Response, limit: number): Promise<Buffer | null> {
  const declared = Number(message.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) return null;
  if (!message.body) return Buffer.alloc(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A request's body of at most `limit` bytes (see readUpTo); a missing or longer body is refused. */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  if (!request.body) throw new HttpError('bad_request', 'body_missing');
  const bytes = await readUpTo(request, limit);
  if (!bytes) throw new HttpError('payload_too_large', 'body_too_large');
  return bytes;
}

/** A body of at most `limit` bytes as UTF-8 text (see readBodyBytes). */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  return (await readBodyBytes(request, limit)).toString('utf8');
}

/** A JSON body of at most `limit` bytes (see readBodyText). */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError('bad_request', 'body_not_json');
  }
}
