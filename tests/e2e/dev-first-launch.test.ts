import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DevRun, type FreshClone, freshClone, startDev } from './support/fresh-clone';
import { launchByFetch, loadPage, USERS } from './support/sessions';
import { waitUntilReady } from './support/stand/processes';

// A fresh clone compiles every route on its first request under `next dev`: on a loaded two-core machine that is
// minutes, not seconds. Nothing here is timed; these only bound a run that hangs.
const START_MS = 10 * 60_000;
const WALK_MS = 15 * 60_000;

/** The sandbox's launch page with its Launch button usable (not `disabled`). */
const launchOffered = /<button type="submit"(?![^>]*\bdisabled\b)[^>]*>Launch<\/button>/;

describe('npm run dev on a fresh clone (the README quick start)', () => {
  let clone: FreshClone | undefined;
  let dev: DevRun | undefined;

  beforeAll(async () => {
    clone = await freshClone();
    dev = await startDev(clone.dir);
  }, START_MS);

  afterAll(async () => {
    await dev?.stop();
    await clone?.remove();
  }, 60_000);

  it(
    'lands signed in on the company page on the first Launch the sandbox offers',
    async () => {
      const run = dev!;
      // What the developer does: open the sandbox's launch page and click Launch as soon as the page offers it.
      await waitUntilReady(
        run.child,
        "the sandbox's launch page with Launch offered",
        async () => launchOffered.test(await (await fetch(`${run.sandbox.url}/`)).text()),
        START_MS,
      );

      // The gateway's token exchange and delivery answer in time (not "504: token-exchange did not answer within …"),
      // and the callback signs in with the launch code before it expires.
      const session = await launchByFetch(run, USERS.peter, ['10004']);

      const home = await loadPage(run, session, '/', { timeoutMs: WALK_MS });
      expect(home.status).toBe(307);
      expect(home.headers.get('location')).toMatch(/\/companies\/10004$/);
      const company = await loadPage(run, session, '/companies/10004', { timeoutMs: WALK_MS });
      expect(company.status).toBe(200);
      expect(company.body).toContain('Horváth');
    },
    WALK_MS,
  );
});
