import 'server-only';

/**
 * The caller's address, for rate limiting. The add-on runs behind the host's reverse proxy, which appends the
 * peer it saw to `X-Forwarded-For`; the last entry is therefore the one no client can forge. (`next start`
 * sets the header from the socket when nothing in front did.)
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').at(-1)?.trim();
  return last || request.headers.get('x-real-ip')?.trim() || 'unknown';
}
