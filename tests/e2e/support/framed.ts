import { createServer, type Server } from 'node:http';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { rememberSecret } from '../../support/log-capture';
import type { E2eEnvironment } from './environment';
import { freeLoopbackPort } from './ports';

/**
 * The service's window around the add-on, for browser tests: a page of another site (http://127.0.0.1:<port>, while
 * the add-on is http://localhost:<port>) whose only content is an iframe, as the service's application embeds an
 * add-on. Its origin must be in the add-on's FRAME_ANCESTORS, so the port is chosen before the add-on starts.
 */
export interface ServiceWindow {
  origin: string;
  /** The window's address with the add-on's frame showing `src`. */
  urlFor(src: string): string;
  close(): Promise<void>;
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startServiceWindow(): Promise<ServiceWindow> {
  const port = await freeLoopbackPort();
  const origin = `http://127.0.0.1:${port}`;
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', origin).searchParams.get('src') ?? 'about:blank';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(
      `<!doctype html><html lang="sk"><head><meta charset="utf-8"><title>Fakturácia</title></head><body style="margin:0">` +
        `<p>Fakturácia – doplnky</p><iframe name="addon" title="Doplnok" src="${escapeAttribute(src)}" style="width:100%;height:900px;border:0"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    urlFor: (src) => `${origin}/?${new URLSearchParams({ src })}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A launch inside the service's window: the sandbox's gateway does its part (token-exchange, deliveries) and names
 * the add-on's callback, which the window's frame then loads, as the real gateway redirects the frame. The session
 * cookie is therefore set inside the frame (partitioned under the window's site), as in production.
 */
export async function launchFramed(
  context: BrowserContext,
  env: E2eEnvironment,
  window: ServiceWindow,
  choice: { userId: string; tenantIds: readonly string[] },
): Promise<{ page: Page; frame: FrameLocator }> {
  const form = new URLSearchParams({ userId: choice.userId });
  for (const tenantId of choice.tenantIds) form.append('tenantIds', tenantId);
  const launched = await fetch(`${env.sandbox.url}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  await launched.body?.cancel();
  const callbackUrl = launched.headers.get('location') ?? '';
  if (launched.status !== 302 || !callbackUrl.startsWith(`${env.addon.url}/auth/callback?`)) {
    throw new Error(`The sandbox's launch answered ${launched.status}.`);
  }
  rememberSecret(new URL(callbackUrl).searchParams.get('code') ?? '');
  const page = await context.newPage();
  await page.goto(window.urlFor(callbackUrl));
  return { page, frame: page.frameLocator('iframe[name="addon"]') };
}
