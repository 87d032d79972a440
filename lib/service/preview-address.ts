import 'server-only';

import { DataApiError } from './errors';

/**
 * Where a report preview may send the user. previewLink answers an address the service chose; we send a browser
 * there (a 303, or a tab our page opens), so only the service's own preview hosts are accepted, over https (plain
 * http only where the configuration allows it: the sandbox), without credentials in the address, and as URL.href
 * spells it, so the Location header is plain ASCII whatever the service sent.
 */

export type PreviewAddresses = {
  /** `URL.host` of every host that serves previews. */
  hosts: readonly string[];
  /** The one host that may also answer over http (the sandbox's data API), or null. */
  httpHost: string | null;
};

// Whitespace, C0 and C1 controls: a URL parser would drop or encode them silently, so an address carrying them is
// not one the service meant to give; refused rather than repaired.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;
const MAX_LENGTH = 4096;

/** The normalized address, or null when it may not be followed. Pure. */
export function acceptedPreviewAddress(raw: string, allowed: PreviewAddresses): string | null {
  if (raw.length > MAX_LENGTH || CONTROL_OR_SPACE.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (!allowed.hosts.includes(url.host)) return null;
  const schemeAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && url.host === allowed.httpHost);
  return schemeAllowed ? url.href : null;
}

/**
 * The preview address to send the user to; any other answer is the service's malformed answer (the route answers
 * it with our failure page). The address itself is never put into the error, so it cannot reach a log.
 */
export function previewAddressOrThrow(raw: string, allowed: PreviewAddresses, endpoint: string): string {
  const accepted = acceptedPreviewAddress(raw, allowed);
  if (accepted === null) throw new DataApiError('malformed-response', { endpoint });
  return accepted;
}
