import 'server-only';

import type { ReactNode } from 'react';

import { type Operator, requireOperator } from '@/lib/doors/console/operator';
import { requestEnded } from '@/lib/owners/ops/requests';

/**
 * The one door of the console's pages, as `requireCompany` is of a company's: `export default operatorPage(render)`.
 * The operator is checked before the page reads anything (a layout does not guard the pages under it: they render
 * alongside it): not configured → 404, no console session → the sign-in page, not on the allowlist → 403. The page
 * then gets who is signed in and its address's query; what it shows it asks of the console's read models
 * (lib/features/console/), which reach the database themselves: a page never holds a database handle.
 * `npm run lint` holds every console page to it (eslint.config.mjs, tests/console/door.test.ts).
 */

/** A page's query as Next gives it: a repeated parameter is a list. */
export type ConsoleSearch = Record<string, string | string[] | undefined>;

export type OperatorView = {
  readonly operator: Operator;
  readonly search: ConsoleSearch;
};

type PageProps = { searchParams?: Promise<ConsoleSearch> };

export function operatorPage(render: (view: OperatorView) => Promise<ReactNode> | ReactNode) {
  return async function OperatorPage({ searchParams }: PageProps): Promise<ReactNode> {
    // Like every page door, it writes the request line only for the refusals it answers (lib/owners/ops/requests.ts).
    const started = performance.now();
    const operator = await requireOperator(({ status, reason }) =>
      requestEnded({ endpoint: 'console.page', status, started, log: { reason } }),
    );
    const search = (await searchParams) ?? {};
    return render({ operator, search });
  };
}
