import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The add-on's one link to its own pages: Next's `<Link>` (a click still navigates in place, keeping the layout and
 * fetching only the page's own render) that never prefetches. Next prefetches every link in view in production, and
 * every page of ours is a dynamic render through its door: a list of 25 rows made ~75 server renders nobody asked
 * for (issue 31; `npm run bench:browser`, docs/benchmarks.md). So `prefetch` is not a prop here, and eslint refuses
 * `next/link` everywhere else (eslint.config.mjs): a new list cannot bring the fan-out back.
 */
export function Link(props: Omit<ComponentProps<typeof NextLink>, 'prefetch'>) {
  return <NextLink {...props} prefetch={false} />;
}
