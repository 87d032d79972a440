/**
 * How our framed pages send the user to a page of another site in a new tab (the service's consent page, a report's
 * preview). Inside the service's frame our session cookie is partitioned under the service's site, so a new tab of
 * our own site would arrive signed out: the address is asked for from inside the frame, with the cookie, as JSON. The
 * tab is opened first, at the click (while it still counts as a user gesture, so no popup blocker interferes), and
 * detached from the page; it is sent on when the address arrives, or closed when none does. Browser code, no secrets.
 */

import type { ReactNode } from 'react';

/** A form whose submission opens a page in a new tab: where it posts, its class and its content (the button). */
export type NewTabFormProps = { action: string; className?: string; children: ReactNode };

/** A blank tab, opened now and detached from this page; null when the browser blocked it. */
export function openBlankTab(): Window | null {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

/** Whether an answer's field is an address a tab may be sent to. */
export function isWebAddress(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/** Sends the tab opened at the click to `url`; when the browser blocked it, tries a fresh one without an opener. */
export function sendTab(tab: Window | null, url: string): void {
  if (tab) tab.location.replace(url);
  else window.open(url, '_blank', 'noopener,noreferrer');
}

export interface JsonAnswer {
  /** null when the request itself failed (offline, the server gone). */
  response: Response | null;
  /** The answer's JSON object; null when it had none. */
  body: Record<string, unknown> | null;
}

/** Asks one of our addresses for JSON from inside the frame, with the frame's cookie; never throws. */
export async function askForJson(address: string, method: 'GET' | 'POST'): Promise<JsonAnswer> {
  try {
    const response = await fetch(address, {
      method,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const body: unknown = await response.json().catch(() => null);
    return { response, body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null };
  } catch {
    return { response: null, body: null };
  }
}
