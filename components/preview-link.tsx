'use client';

import { type MouseEvent, type ReactNode, useState } from 'react';

import { askForJson, isWebAddress, openBlankTab, sendTab } from './new-tab';

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
    const tab = openBlankTab();
    const { response, body } = await askForJson(href, 'GET');
    if (response?.ok && isWebAddress(body?.url)) {
      sendTab(tab, body.url);
      return;
    }
    // No address: the error's code says why; no answer at all is said as "does not answer".
    const error = body?.error as { code?: unknown } | undefined;
    const code =
      typeof error?.code === 'string' && error.code in failures
        ? error.code
        : response?.ok
          ? 'bad_gateway'
          : 'unavailable';
    const retryAfter = response?.headers.get('retry-after') ?? '';
    const seconds = /^\d{1,6}$/.test(retryAfter) ? retryAfter : '1';
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
