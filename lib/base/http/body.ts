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

/** How long a refused upload's sender is still read from (and what it sends thrown away) before the socket is let go. */
const LINGER_MS = 30_000;

/**
 * Whatever is left of a body we will not use, read and thrown away in the background for a while, then cancelled:
 * a client still sending reads the answer we already gave rather than a reset connection (cancelling at once closes
 * the socket under it), and the bytes never sit in memory.
 */
function letGo(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  const stop = setTimeout(() => void reader.cancel().catch(() => {}), LINGER_MS);
  stop.unref?.();
  void (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // The sender went away: nothing left to throw away.
    } finally {
      clearTimeout(stop);
    }
  })();
}

/** A request's body left unread (refused before reading it): thrown away as it arrives (`letGo`). */
export function discardBody(request: Request): void {
  if (request.body && !request.body.locked) letGo(request.body.getReader());
}

/**
 * An upload's body (a form with a file), counted as it streams in: at most `limit` bytes, all of it within `seconds`
 * of the first read. Else `too-large` (a declared length over the limit is refused before a byte is read) or
 * `too-slow`; either way what is left is thrown away as it arrives (`letGo`), never buffered.
 */
export async function readUpload(
  request: Request,
  { limit, seconds }: { limit: number; seconds: number },
): Promise<{ bytes: Buffer } | { refused: 'too-large' | 'too-slow' }> {
  if (!request.body) return { bytes: Buffer.alloc(0) };
  const reader = request.body.getReader();
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    letGo(reader);
    return { refused: 'too-large' };
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), seconds * 1000);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        letGo(reader);
        return { refused: 'too-slow' };
      }
      if (next.done) return { bytes: Buffer.concat(chunks) };
      size += next.value.byteLength;
      if (size > limit) {
        letGo(reader);
        return { refused: 'too-large' };
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
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
