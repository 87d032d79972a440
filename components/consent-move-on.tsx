'use client';

import { useEffect } from 'react';

/**
 * Leaves a finished consent's progress page for the company's page with a full page load, not the client router: the
 * company layout around both pages shows the company's name, which the consent has only now stored, and a client
 * navigation would keep the layout rendered before. Inside the service's frame a full load carries the frame's own
 * (partitioned) cookie. Without script the page's link does the same.
 */
export function ConsentMoveOn({ href }: { href: string }) {
  useEffect(() => {
    window.location.replace(href);
  }, [href]);
  return null;
}
