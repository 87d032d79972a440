import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
  type Response,
} from 'playwright-core';

/**
 * The system's Chromium (never a downloaded one), headless and quiet: no background traffic, no QUIC. `extraArgs`
 * adds flags, e.g. the deployment test's one certificate to trust.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A fresh context (no cookies) with generous timeouts: the first requests to `next start` may be slow. */
export async function freshContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, ...options });
  context.setDefaultNavigationTimeout(60_000);
  context.setDefaultTimeout(30_000);
  return context;
}

export interface LaunchEnvironment {
  sandboxUrl: string;
  addonUrl: string;
}

export interface Launch {
  page: Page;
  /** The add-on's callback address the gateway sent the browser to, launch code included. */
  callbackUrl: string;
  /** The callback's own answer (the redirect that sets the session cookie). */
  callback: Response;
  /** The answer to the last top-level navigation: the page the launch ended on. */
  landing: Response;
}

/**
 * Launches the add-on as a person does in the service: on the sandbox's launch page, choose the user and tick
 * the companies, press Launch. The sandbox runs the gateway's part and redirects the browser to the add-on's
 * callback, which signs in and redirects onwards. Resolves once a page of the add-on other than /auth/… loaded.
 */
export async function launchFromSandbox(
  context: BrowserContext,
  where: LaunchEnvironment,
  choice: { userKey: string; tenantIds: readonly string[] },
): Promise<Launch> {
  const page = await context.newPage();
  const addonOrigin = new URL(where.addonUrl).origin;
  const callbacks: string[] = [];
  let landing: Response | undefined;
  let callback: Response | undefined;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === addonOrigin && url.pathname === '/auth/callback') callbacks.push(request.url());
  });
  page.on('response', (response) => {
    if (!response.request().isNavigationRequest() || response.frame() !== page.mainFrame()) return;
    landing = response;
    if (new URL(response.url()).pathname === '/auth/callback') callback = response;
  });

  await page.goto(`${where.sandboxUrl}/`);
  await page.check(`#user-${choice.userKey}`);
  for (const tenantId of choice.tenantIds) await page.check(`#tenant-${tenantId}`);
  const launchPage = page.url();
  await page.getByRole('button', { name: 'Launch' }).click();
  // Redirects commit nothing: the first page committed after the launch page is where the launch ended.
  await page.waitForURL((url) => url.href !== launchPage);

  const ended = new URL(page.url());
  if (!landing || ended.origin !== addonOrigin || ended.pathname.startsWith('/auth/')) {
    // What the failed launch showed, for the error message (read once: nothing is asserted on it).
    const text = (await page.evaluate(() => document.body.innerText).catch(() => '')).slice(0, 500);
    throw new Error(`The launch ended on ${ended.href} (status ${landing?.status() ?? '?'}): ${text}`);
  }
  if (callbacks.length !== 1 || !callback) {
    throw new Error(`Expected one request to /auth/callback, saw ${callbacks.length}.`);
  }
  return { page, callbackUrl: callbacks[0]!, callback, landing };
}
