import type { ServerResponse } from 'node:http';

/**
 * A binary answer with a download name. Names may be Slovak (`účtenka-2026-07-22.pdf`): an ASCII fallback goes in
 * `filename`, the real name in `filename*` (RFC 6266), so every client gets something usable.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_');
  const header = `${kind}; filename="${ascii}"`;
  return ascii === fileName ? header : `${header}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendFile(
  res: ServerResponse,
  bytes: Buffer,
  contentType: string,
  fileName: string,
  kind: 'attachment' | 'inline',
  headers: Record<string, string> = {},
): void {
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentType,
    'Content-Length': bytes.length,
    'Content-Disposition': contentDisposition(kind, fileName),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(bytes);
}
