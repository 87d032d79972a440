import iconv from 'iconv-lite';

/** How the bytes of a file become text: as declared or detected, or as the user's mapping says (CSV). */
export type TextEncoding = 'auto' | 'utf-8' | 'windows-1250';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return prefix.every((byte, at) => bytes[at] === byte);
}

/**
 * The file's text. A byte-order mark decides first (UTF-8, UTF-16); an XML declaration's `encoding` next; otherwise
 * UTF-8 when the bytes are valid UTF-8, else windows-1250 (what Slovak and Czech banks' Windows exports use). Every
 * byte sequence is valid windows-1250, so decoding never fails: a file that is not text is caught by its content.
 */
export function decodeStatementText(bytes: Uint8Array, encoding: TextEncoding = 'auto'): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return buffer.toString('utf8', 3);
  if (startsWith(bytes, [0xff, 0xfe])) return iconv.decode(buffer.subarray(2), 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return iconv.decode(buffer.subarray(2), 'utf-16be');
  if (encoding === 'windows-1250') return iconv.decode(buffer, 'windows-1250');
  if (encoding === 'utf-8') return buffer.toString('utf8');
  const declared = declaredXmlEncoding(buffer);
  if (declared && !/^utf-?8$/i.test(declared) && iconv.encodingExists(declared)) return iconv.decode(buffer, declared);
  try {
    return utf8.decode(bytes);
  } catch {
    return iconv.decode(buffer, 'windows-1250');
  }
}

/** `<?xml version="1.0" encoding="windows-1250"?>` → `windows-1250` (read from the first bytes as ASCII). */
function declaredXmlEncoding(buffer: Buffer): string | null {
  const head = buffer.toString('latin1', 0, Math.min(buffer.length, 200));
  const match = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return match?.[1] ?? null;
}

/**
 * Text that no statement holds, in its first 64 kB: NUL and the other C0 controls, but tab, line feed, carriage
 * return, form feed and the end-of-file mark (Ctrl-Z) some Windows exports still end with.
 */
export function looksBinary(text: string): boolean {
  return /[\u0000-\u0008\u000b\u000e-\u0019\u001b-\u001f]/.test(text.slice(0, 65_536));
}

/** Whitespace collapsed and trimmed; an empty result is null (messages and names as the lines carry them). */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * How many times `pattern` (global) occurs in `text`, counting stops at `most`: a count without an array of every
 * match (a hostile 20 MB file holds millions).
 */
export function countUpTo(text: string, pattern: RegExp, most: number): number {
  const search = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let count = 0;
  while (count < most && search.exec(text) !== null) count += 1;
  return count;
}
