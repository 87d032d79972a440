/** Stands in for our own origin while a path is read: only what stays on it is one of our addresses. */
const OWN = 'http://own.invalid';

/**
 * `address` as a Location may name it when it is `home` or a page under it (a form's "back to where I was"), else
 * null. Read as the browser will read it, so `..` cannot climb out of `home`, and written back as the URL standard
 * writes it: a character outside ASCII (`?q=Hruška`, typed or forged) goes out percent-encoded, never raw into a
 * header (a Response refuses a header value beyond Latin-1, and a browser would read a Latin-1 one as other text).
 * Pure.
 */
export function ownPageAddress(address: string, home: string): string | null {
  // Not another site (`//host`), not a path a browser reads differently from us (a backslash, a control character).
  if (!address.startsWith('/') || address.startsWith('//') || /[\\\s\p{Cc}]/u.test(address)) return null;
  let url: URL;
  try {
    url = new URL(address, OWN);
  } catch {
    return null;
  }
  if (url.origin !== OWN || (url.pathname !== home && !url.pathname.startsWith(`${home}/`))) return null;
  const location = `${url.pathname}${url.search}${url.hash}`;
  return /^[\x21-\x7e]+$/.test(location) ? location : null;
}
