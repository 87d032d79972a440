import 'server-only';
import { HttpError } from '@/lib/http/errors';

/**
 * Reads a body of at most `limit` bytes, as the bytes that arrived (a signature is over those, not over a decoding of
 * them). A declared length over the limit is refused before reading; a body that turns out longer is cut off as soon
 * as it passes the limit, so a huge body never sits in memory.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError('payload_too_large', 'body_too_large');
  if (!request.body) throw new HttpError('bad_request', 'body_missing');

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError('payload_too_large', 'body_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
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
