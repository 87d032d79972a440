'use client';

import { useRouter } from 'next/navigation';
import { type FormEvent, useRef } from 'react';

import { askForJson, isWebAddress, type NewTabFormProps, openBlankTab } from './new-tab';

/**
 * The "Connect" form of a company page: starts an Integration Consent. The add-on lives in the service's frame, where
 * the service's consent page refuses to be shown, and where our session cookie is partitioned under the service's
 * site (a new tab of our own site would arrive without it). So, with script, a new top-level tab is opened at the
 * click (while it still counts as a user gesture) and detached from this page; the attempt is started from inside
 * the frame, with the cookie, asking for JSON; the tab is sent to the consent page, and this frame to the attempt's
 * progress page, which follows the attempt in our own database and moves on to the company by itself. If the browser
 * blocked the tab, the progress page offers to open the consent page (a fresh click). Without script, or when the
 * answer is not the expected one, the form posts in the frame, where the route answers 303 or explains what failed.
 */
export function ConsentStartForm({ action, className, children }: NewTabFormProps) {
  const router = useRouter();
  const busy = useRef(false);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // One attempt per click: a second press while the first is under way would start a second consent.
    if (busy.current) return;
    busy.current = true;
    const form = event.currentTarget;
    const tab = openBlankTab();
    const { response, body } = await askForJson(action, 'POST');
    if (
      response?.ok &&
      isWebAddress(body?.url) &&
      typeof body?.progress === 'string' &&
      body.progress.startsWith('/')
    ) {
      tab?.location.replace(body.url);
      router.push(body.progress);
      return;
    }
    // Anything else: the plain submission, which shows the route's own explanation.
    tab?.close();
    busy.current = false;
    form.submit();
  }

  return (
    <form method="post" action={action} onSubmit={start} className={className}>
      {children}
    </form>
  );
}
