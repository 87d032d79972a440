'use client';

import type { MouseEvent, ReactNode } from 'react';

/**
 * Opens the service's preview of a report in a new tab. The address must be asked for from inside the frame: the
 * session cookie is partitioned under the service's site, so a new tab of our own site would arrive signed out.
 * The tab is opened at once (while the click still counts as a user gesture, so no popup blocker interferes),
 * detached from this page, and sent to the address when it arrives. Without script, or when the answer is not an
 * address, the link is followed in the frame, where the route answers 303 or explains what went wrong.
 */
export function PreviewLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    try {
      const response = await fetch(href, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const body: unknown = response.ok ? await response.json() : null;
      const url = (body as { url?: unknown } | null)?.url;
      if (typeof url === 'string' && /^https?:\/\//i.test(url)) {
        if (tab) tab.location.replace(url);
        else window.open(url, '_blank', 'noopener,noreferrer');
        return;
      }
    } catch {
      // Falls through to the plain navigation, which shows the route's own explanation.
    }
    tab?.close();
    window.location.assign(href);
  }

  return (
    <a href={href} onClick={open} className={className}>
      {children}
    </a>
  );
}
