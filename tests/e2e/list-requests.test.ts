/**
 * What a list costs the server once a browser has it (issue 31, point 1), inside the service's window (a page of
 * another site framing the add-on), production build, in English at a desktop's width and in Slovak at a phone's.
 *
 * Next's `<Link>` prefetches every link in view in production, and each of our pages is a dynamic render through the
 * company door: one invoice list of 25 rows made ~75 RSC prefetches (every row, every sort header, every tab, the
 * pager, the import form) and did not reach network idle within a minute on two cores. Now the links never prefetch
 * (components/link.tsx): a list loaded whole reaches network idle having asked the server for its document and, at
 * most, three more requests (the page may look up its copy's state, one small JSON per look while an update runs;
 * nothing else of ours fetches on its own), and none of them renders a page the user did not open. A click still
 * navigates in place (one RSC render of the page clicked, no new document): a row opens its invoice, a tab its list.
 */
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { freshContext } from './support/browser';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';
import { ENGLISH, openInvoicesOnceCopied, SLOVAK } from './support/mirror';
import { reloadFrame, reloadFrameUntil } from './support/reload';
import { recordServerRequests, type ServerRequest } from './support/server-requests';
import { framedWorldDuringTests, launchInServiceWindow } from './support/service-window';
import { USERS } from './support/sessions';

const world = framedWorldDuringTests({ addonEnv: { MIRROR_SYNC: 'on' } });
printAddonOutputOnFailure(() => world.env.addon);

const TENANT = '10001';
/** Beyond the list's own document: room for the copy's state looks, none for a render of another page. */
const MORE_THAN_THE_DOCUMENT = 3;
/**
 * How long a list may take to settle (hydrated, then no request for 500 ms) on a loaded machine; the fan-out did not
 * settle within a minute.
 */
const SETTLE_MS = 60_000;

const RUNS = [
  {
    language: 'en',
    words: ENGLISH,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
    partners: 'Partners',
    invoice: /^Invoice /,
  },
  {
    language: 'sk',
    words: SLOVAK,
    locale: 'sk-SK',
    viewport: { width: 390, height: 844 },
    partners: 'Partneri',
    invoice: /^Faktúra /,
  },
] as const;

const framePath = (frame: FrameLocator) =>
  frame.locator('body').evaluate(() => window.location.pathname + window.location.search);

for (const run of RUNS) {
  describe(`a list's server requests inside the service's window (${run.language}, ${run.viewport.width} px)`, () => {
    let page: Page;
    let frame: FrameLocator;
    let addonFrame: Frame;
    let origin: string;

    /** The list loaded whole again, and what the server was asked for until the page settled. */
    async function loadSettled(): Promise<{ settled: boolean; requests: ServerRequest[] }> {
      const recorder = recordServerRequests(page, origin);
      await reloadFrame(frame);
      const settled = await recorder.settled(addonFrame, SETTLE_MS);
      recorder.stop();
      return { settled, requests: await recorder.requests() };
    }

    /** The list settled, asked for its own document, at most a handful more, and no render of another page. */
    async function expectQuiet(path: string) {
      const { settled, requests } = await loadSettled();
      const renders = requests.filter((each) => each.kind === 'prefetch' || each.kind === 'rsc');
      const documents = requests.filter((each) => each.kind === 'document').map((each) => each.path);
      expect({ settled, renders, documents }).toEqual({ settled: true, renders: [], documents: [path] });
      expect(requests.length - documents.length).toBeLessThanOrEqual(MORE_THAN_THE_DOCUMENT);
    }

    /** Clicks `target` and expects a navigation in place: one RSC render of `path` asked for, no new document. */
    async function expectClientNavigation(click: () => Promise<void>, arrived: () => Promise<void>, path: RegExp) {
      const recorder = recordServerRequests(page, origin);
      await click();
      await arrived();
      await recorder.settled(addonFrame, SETTLE_MS);
      recorder.stop();
      const requests = await recorder.requests();
      expect(requests.filter((each) => each.kind === 'document')).toEqual([]);
      expect(requests.filter((each) => each.kind === 'rsc').map((each) => each.path)).toEqual([
        expect.stringMatching(path),
      ]);
    }

    beforeAll(async () => {
      const context = await freshContext(world.context.browser()!, { locale: run.locale, viewport: run.viewport });
      ({
        page,
        addon: frame,
        frame: addonFrame,
      } = await launchInServiceWindow(context, world.env, world.serviceWindow, {
        userId: USERS.jana,
        tenantIds: [TENANT],
      }));
      origin = new URL(world.env.addon.url).origin;
    }, 240_000);

    it('loads the invoice list with at most a handful of server requests, none a render of another page', async () => {
      await openInvoicesOnceCopied(frame, 180_000, run.words);
      await expectQuiet(`/companies/${TENANT}/invoices`);
    });

    it('still opens an invoice from its row in place: one render of that invoice', async () => {
      // By its markup: at a phone's width the rows are cards.
      const row = frame.locator('tr[data-invoice-id]').first();
      const id = await row.evaluate((tr) => tr.getAttribute('data-invoice-id'));
      await expectClientNavigation(
        () => row.locator('th a').click(),
        () => expectUi(frame.getByRole('heading', { level: 2, name: run.invoice })).toBeVisible(),
        new RegExp(`^/companies/${TENANT}/invoices/${id}$`),
      );
      await expectUi.poll(() => framePath(frame)).toBe(`/companies/${TENANT}/invoices/${id}`);
    });

    it('opens the partners by their tab in place, and their list is as quiet', async () => {
      const rows = frame.locator('tr[data-partner-key]');
      await expectClientNavigation(
        () =>
          frame
            .getByRole('navigation', { name: run.words.nav })
            .getByRole('link', { name: run.partners, exact: true })
            .click(),
        () => expectUi.poll(() => framePath(frame), { timeout: 60_000 }).toBe(`/companies/${TENANT}/partners`),
        new RegExp(`^/companies/${TENANT}/partners$`),
      );
      // The partners are read from the copy of invoices and expenses, which may still be completing.
      await reloadFrameUntil(frame, () => expectUi(rows.first()).toBeVisible({ timeout: 3_000 }), 180_000);
      await expectQuiet(`/companies/${TENANT}/partners`);
    });
  });
}
