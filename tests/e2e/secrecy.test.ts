/**
 * Secrecy, end to end: the data-API access tokens the service hands the add-on stay on the server. Every token the
 * sandbox's gateway issues is recorded (tests/e2e/support/environment.ts); none may reach a page, a React Server
 * Component payload, a response header, a file of the client bundle or the server's output. Neither may the session
 * cookie, the launch code, the plugin API key, the session secret or the encryption key show up in a page or the
 * bundle.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ACCESS_TOKEN_PREFIX } from '../../sandbox/access-tokens';
import { freshContext, launchChromium, launchFromSandbox } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { printAddonOutputOnFailure } from './support/failure-output';
import { sandboxCompany } from './support/sandbox-data';
import {
  clientBundleFiles,
  headerText,
  leakedIntoServerOutput,
  leaksIn,
  named,
  type NamedSecret,
  readRscPayloads,
  recordAddonResponses,
  secretsIn,
  type Served,
} from './support/secrets';
import { type FetchedSession, launchEveryKindOfUser, loadPage } from './support/sessions';

let env: E2eEnvironment;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
/** The sessions of the launches: Jana (two companies), Peter and the standalone gateway's user. */
let sessions: Record<string, FetchedSession>;
/** Launch codes and session cookies handed to browsers in this file. */
const handedOut: string[] = [];

beforeAll(async () => {
  env = await startEnvironment();
  sessions = await launchEveryKindOfUser(env);
  for (const session of Object.values(sessions)) handedOut.push(session.cookieValue, session.launchCode);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await env?.stop();
});

printAddonOutputOnFailure(() => env?.addon);

/** Access tokens and the add-on's own secrets: never anywhere a browser or a log can see. */
const serverSecrets = (): NamedSecret[] => [
  ...named('access token', env.issuedTokens),
  ...named('add-on secret', env.addon.secrets),
];
/** What the browser legitimately holds (its cookie) or passed once (the code): never inside a page or the bundle. */
const browserSecrets = (): NamedSecret[] => named('session cookie or launch code', handedOut.filter(Boolean));

/** Every page of a company (lists, filtered list, each kind of detail) and its two file addresses. */
function addressesOf(tenantId: string) {
  const company = sandboxCompany(tenantId, env.today);
  const base = `/companies/${tenantId}`;
  const invoiceId = company.invoices[0]!.record.id;
  const expense = company.expenses.find((candidate) => candidate.attachments.length > 0)!;
  return {
    pages: [
      base,
      `${base}/invoices`,
      `${base}/invoices?PaymentStatus=0&DueDateStatus=2`,
      `${base}/invoices/${invoiceId}`,
      `${base}/expenses`,
      `${base}/expenses/${expense.record.id}`,
      `${base}/delivery-notes`,
      `${base}/delivery-notes/${company.deliveryNotes[0]!.record.id}`,
    ],
    files: [
      `${base}/invoices/${invoiceId}/reports/17`,
      `${base}/expenses/${expense.record.id}/attachments/${expense.attachments[0]!.id}?disposition=inline`,
    ],
  };
}

describe('keeping the data-API access tokens on the server', () => {
  it('issued one token per company launched with one (the list every check below looks for)', () => {
    expect(env.issuedTokens).toHaveLength(4);
    expect(env.issuedTokens.every((token) => token.startsWith(ACCESS_TOKEN_PREFIX))).toBe(true);
  });

  it('puts no token, cookie, launch code or key in any page, RSC payload, file answer or their headers', async () => {
    const served: Served[] = [];
    let rscPayloads = 0;
    // One company after another per token; the companies side by side.
    await Promise.all(
      Object.entries(sessions).map(async ([tenantId, session]) => {
        const { pages, files } = addressesOf(tenantId);
        for (const path of pages) {
          for (const rsc of [false, true]) {
            const page = await loadPage(env, session, path, { rsc });
            const kind = rsc ? 'rsc' : 'html';
            expect(page.status, `${path} (${kind})`).toBe(200);
            expect(page.headers.get('content-type'), `${path} (${kind})`).toMatch(
              rsc ? /^text\/x-component/ : /^text\/html/,
            );
            if (rsc) rscPayloads += 1;
            served.push({ source: `GET ${path} (${kind})`, headers: headerText(page.headers), body: page.body });
          }
        }
        for (const path of files) {
          const file = await fetch(`${env.addon.directUrl}${path}`, {
            headers: { Cookie: session.cookie },
            redirect: 'manual',
          });
          expect(file.status, path).toBe(200);
          const bytes = Buffer.from(await file.arrayBuffer());
          served.push({
            source: `GET ${path} (file)`,
            headers: headerText(file.headers),
            body: bytes.toString('latin1'),
          });
        }
      }),
    );
    expect(rscPayloads).toBe(4 * 8);

    expect(leaksIn(served, [...serverSecrets(), ...browserSecrets()])).toEqual([]);
  });

  it('puts none of them in the RSC payloads a browser receives while navigating client-side', async () => {
    browser = await launchChromium();
    const context = await freshContext(browser, { locale: 'en-GB' });
    contexts.push(context);
    const recorder = recordAddonResponses(context, env.addon.url);
    // Peter has one company: the launch opens its overview directly.
    const { page, callbackUrl } = await launchFromSandbox(context, env.where, {
      userKey: 'peter',
      tenantIds: ['10004'],
    });
    handedOut.push(new URL(callbackUrl).searchParams.get('code') ?? '');
    handedOut.push(
      (await context.cookies(env.addon.url)).find((cookie) => cookie.name.startsWith('__Host-'))?.value ?? '',
    );
    await page.waitForURL(`${env.addon.url}/companies/10004`);

    const tabs = page.getByRole('navigation', { name: 'Company documents' });
    await tabs.getByRole('link', { name: 'Invoices', exact: true }).click();
    const invoices = page.getByRole('table', { name: 'Invoices', exact: true });
    await invoices.waitFor();
    await invoices.locator('tbody > tr').first().getByRole('rowheader').getByRole('link').click();
    await page.getByRole('heading', { level: 2, name: /^Invoice / }).waitFor();
    await tabs.getByRole('link', { name: 'Expenses', exact: true }).click();
    await page.getByRole('table', { name: 'Expenses', exact: true }).waitFor();
    await tabs.getByRole('link', { name: 'Delivery notes', exact: true }).click();
    await page.getByRole('table', { name: 'Delivery notes', exact: true }).waitFor();
    await tabs.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByRole('region', { name: 'Unpaid invoices', exact: true }).locator('[data-total-eur]').waitFor();

    // Each click above was one payload, and one cut by the next click cannot be read: ask for them whole as well.
    const paths = ['invoices', 'expenses', 'delivery-notes', ''].map((tab) => `/companies/10004${tab && `/${tab}`}`);
    for (const answer of await readRscPayloads(page, paths)) {
      expect(answer.type, answer.path).toMatch(/^text\/x-component/);
      expect(answer.length, answer.path).toBeGreaterThan(0);
    }

    const counts = await recorder.settled();
    expect(counts.rscPayloads, 'RSC payloads read').toBeGreaterThanOrEqual(paths.length);
    expect(counts.htmlPages).toBeGreaterThanOrEqual(1);
    expect(leaksIn(recorder.served, serverSecrets())).toEqual([]);
    expect(
      leaksIn(
        recorder.served.map((item) => ({ ...item, headers: '' })),
        browserSecrets(),
      ),
    ).toEqual([]);
  });

  it('ships a client bundle (.next/static) without any token, cookie, launch code or key', async () => {
    const files = await clientBundleFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files.some((file) => file.file.endsWith('.js'))).toBe(true);
    const secrets = [...serverSecrets(), ...browserSecrets()];
    expect(secrets.some((secret) => secret.name.startsWith('access token'))).toBe(true);
    const leaks = files.flatMap((file) => secretsIn(file.text, secrets).map((name) => `${file.file}: ${name}`));
    expect(leaks).toEqual([]);
  });

  it('writes none of them to the server’s stdout or stderr', () => {
    const output = env.addon.output();
    expect(output).toContain('"msg":"request"');
    expect(output.includes(ACCESS_TOKEN_PREFIX), 'an access token in the server output').toBe(false);
    expect(secretsIn(output, [...serverSecrets(), ...browserSecrets()])).toEqual([]);
    expect(leakedIntoServerOutput(output), 'secrets remembered by the suite, in the server output').toBe(0);
  });
});
