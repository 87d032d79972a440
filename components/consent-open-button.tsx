'use client';

import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';

import { askForJson, isWebAddress, type NewTabFormProps, openBlankTab, sendTab } from './new-tab';

/**
 * Opens the service's consent page in a new tab. Its address carries the consent's state, so it is never written into
 * our page: the server makes it on a POST to `action`. Inside the service's frame the session cookie is partitioned
 * under the service's site, so a new tab of our own site would arrive signed out: with script, the address is asked
 * for from inside the frame (JSON), and a tab opened at once (while the click still counts as a user gesture) and
 * detached from this page is sent to it. Without script the form itself posts into a new tab (which works when the
 * add-on is not framed). An attempt that has ended meanwhile refreshes this page; any other failure posts the form
 * in this frame, where the route explains it.
 */
export function ConsentOpenButton({ action, className, children }: NewTabFormProps) {
  const router = useRouter();

  async function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const tab = openBlankTab();
    const { response, body } = await askForJson(action, 'POST');
    if (response?.ok && isWebAddress(body?.url)) {
      sendTab(tab, body.url);
      return;
    }
    if (response?.ok && body?.ended === true) {
      tab?.close();
      router.refresh();
      return;
    }
    // Anything else: the plain submission in this frame, where the route explains it.
    tab?.close();
    form.target = '_self';
    form.submit();
  }

  return (
    <form method="post" action={action} target="_blank" rel="noopener" onSubmit={open} className="mt-2">
      <button type="submit" className={className} data-consent-open>
        {children}
      </button>
    </form>
  );
}
