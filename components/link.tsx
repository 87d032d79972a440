'use client';

import NextLink, { useLinkStatus } from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The add-on's one link to its own pages: Next's `<Link>` (a click still navigates in place, keeping the layout and
 * fetching only the page's own render) that never prefetches. Next prefetches every link in view in production, and
 * every page of ours is a dynamic render through its door: a list of 25 rows made ~75 server renders nobody asked
 * for (issue 31; `npm run bench:browser`, docs/benchmarks.md). So `prefetch` is not a prop here, and eslint refuses
 * `next/link` everywhere else (eslint.config.mjs): a new list cannot bring the fan-out back.
 *
 * Without a prefetch nothing shows between a click and the server's answer, so each link carries a mark of its own
 * navigation under way (`LinkPending`): a small spinner after the link's text, shown only once the wait is long enough
 * to notice (globals.css), hidden from screen readers (the page that arrives is announced as it is).
 */
export function Link({ children, ...props }: Omit<ComponentProps<typeof NextLink>, 'prefetch'>) {
  return (
    <NextLink {...props} prefetch={false}>
      {children}
      <LinkPending />
    </NextLink>
  );
}

/** Drawn only while the link's navigation is under way, so a link's HTML is its text alone the rest of the time. */
function LinkPending() {
  const { pending } = useLinkStatus();
  return pending ? <span aria-hidden="true" className="link-pending" /> : null;
}
