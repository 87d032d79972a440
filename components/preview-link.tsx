'use client';

import { useState, type MouseEvent, type ReactNode } from 'react';

/**
 * Opens the service's preview of a report in a new tab. The address must be asked for from inside the frame: the
 * session cookie is partitioned under the service's site, so a new tab of our own site would arrive signed out.
 * The tab is opened at once (while the click still counts as a user gesture, so no popup blocker interferes),
 * detached from this page, and sent to the address when it arrives. When there is no address (the service is busy,
 * refuses, does not answer…) the blank tab is closed again and the link says why beside itself, in the page's
 * language (`failures`: the message for each error code of the answer). Without script the link is followed in the
 * frame, where the route answers 303 or the company's failure page.
 */
export function PreviewLink({
  href,
  className,
  failures,
  children,
}: {
  href: string;
  className?: string;
  failures: Record<string, string>;
  children: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFailure(null);
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    let code = 'unavailable';
    let seconds = '1';
    try {
      const response = await fetch(href, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const body = (await response.json().catch(() => null)) as { url?: unknown; error?: { code?: unknown } } | null;
      if (response.ok && typeof body?.url === 'string' && /^https?:\/\//i.test(body.url)) {
        if (tab) tab.location.replace(body.url);
        else window.open(body.url, '_blank', 'noopener,noreferrer');
        return;
      }
      code = typeof body?.error?.code === 'string' && body.error.code in failures ? body.error.code : response.ok ? 'bad_gateway' : 'unavailable';
      seconds = /^\d{1,6}$/.test(response.headers.get('retry-after') ?? '') ? response.headers.get('retry-after')! : '1';
    } catch {
      // The request itself failed (offline, or the frame's server is gone): said as "does not answer".
    }
    tab?.close();
    setFailure((failures[code] ?? failures.unavailable ?? '').replace('{seconds}', seconds));
  }

  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <a href={href} onClick={open} className={className}>
        {children}
      </a>
      {failure && (
        <span role="alert" data-preview-failure="true" className="text-sm text-amber-900">
          {failure}
        </span>
      )}
    </span>
  );
}
