import { createServer, type Server } from 'node:http';

import type { Browser, BrowserContext, Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { rememberSecret } from '../../support/log-capture';
import { listenOnLoopback } from '../../support/loopback';
import { freshContext, launchChromium } from './browser';
import { type E2eEnvironment, type SandboxSettings, startEnvironment } from './environment';
import { USERS } from './sessions';

/**
 * The service's application window around the add-on: a page of another site holding the add-on in an <iframe>, as
 * the service embeds it. The add-on runs at http://localhost:<port>; this page at http://127.0.0.1:<port>, another
 * site, so the add-on's session cookie, set inside the frame, is partitioned under this page's site (CHIPS): the
 * frame has it, a top-level tab of the add-on's own site does not. Start it before the add-on, whose
 * FRAME_ANCESTORS must name `origin` (`addonEnv()`).
 */
export interface ServiceWindow {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Configuration for the add-on: allow this window to frame it. */
  addonEnv(): Record<string, string>;
  /** This window's address with the add-on's frame pointing at `src`. */
  urlFor(src: string): string;
  close(): Promise<void>;
}

/** The frame's name in the window's page. */
export const ADDON_FRAME = 'addon';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startServiceWindow(): Promise<ServiceWindow> {
  const server: Server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://window.invalid').searchParams.get('src') ?? 'about:blank';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      '<!doctype html><html lang="sk"><head><meta charset="utf-8"><title>Fakturácia</title></head><body style="margin:0">' +
        '<header style="padding:8px;background:#0b3d91;color:#fff">Fakturácia a Sklad</header>' +
        `<iframe name="${ADDON_FRAME}" id="${ADDON_FRAME}" title="Doplnok" src="${escapeAttribute(src)}" style="border:0;width:100%;height:1400px"></iframe>` +
        '</body></html>',
    );
  });
  const origin = await listenOnLoopback(server);
  return {
    origin,
    addonEnv: () => ({ FRAME_ANCESTORS: `'self' ${origin}` }),
    urlFor: (src) => `${origin}/?${new URLSearchParams({ src })}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FramedLaunch {
  /** The service's window (top level). */
  page: Page;
  /** The add-on's frame in it, for its address. */
  frame: Frame;
  /** The same frame, for locators and auto-waiting assertions. */
  addon: FrameLocator;
}

/**
 * Launches the add-on inside the service's window, as the service does: the gateway's part (the sandbox's launch:
 * token exchange and delivery) runs without a browser, and the frame is sent to the add-on's callback with the launch
 * code, so the session cookie is set inside the frame, partitioned under the window's site. Resolves once the frame
 * shows a page of the add-on other than /auth/….
 */
export async function launchInServiceWindow(
  context: BrowserContext,
  env: E2eEnvironment,
  serviceWindow: ServiceWindow,
  choice: { userId: string; tenantIds: readonly string[] },
): Promise<FramedLaunch> {
  const form = new URLSearchParams({ userId: choice.userId });
  for (const tenantId of choice.tenantIds) form.append('tenantIds', tenantId);
  const launched = await fetch(`${env.sandbox.url}/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const callbackUrl = launched.headers.get('location') ?? '';
  if (launched.status !== 302 || !callbackUrl.startsWith(`${env.addon.url}/auth/callback?`)) {
    throw new Error(`The sandbox's launch answered ${launched.status}.`);
  }
  rememberSecret(new URL(callbackUrl).searchParams.get('code') ?? '');

  const page = await context.newPage();
  await page.goto(serviceWindow.urlFor(callbackUrl));
  const frame = page.frame({ name: ADDON_FRAME });
  if (!frame) throw new Error('The service window has no add-on frame.');
  await frame.waitForURL((url) => url.origin === new URL(env.addon.url).origin && !url.pathname.startsWith('/auth/'));
  return { page, frame, addon: page.frameLocator(`iframe[name="${ADDON_FRAME}"]`) };
}

/** Everything a browser suite inside the service's window needs: the window, the add-on it may frame, a browser. */
export interface FramedWorld {
  serviceWindow: ServiceWindow;
  env: E2eEnvironment;
  context: BrowserContext;
  stop(): Promise<void>;
}

/** Starts the service's window, then the add-on allowed to be framed by it, then a browser with a fresh context. */
export async function startFramedWorld(
  options: { locale?: string; addonEnv?: Record<string, string>; sandbox?: SandboxSettings } = {},
): Promise<FramedWorld> {
  const serviceWindow = await startServiceWindow();
  const started: Partial<{ env: E2eEnvironment; browser: Browser; context: BrowserContext }> = {};
  const stop = async () => {
    await started.context?.close().catch(() => undefined);
    await started.browser?.close();
    await started.env?.stop();
    await serviceWindow.close();
  };
  try {
    started.env = await startEnvironment({
      addonEnv: { ...serviceWindow.addonEnv(), ...options.addonEnv },
      sandbox: options.sandbox,
    });
    started.browser = await launchChromium();
    started.context = await freshContext(started.browser, { locale: options.locale ?? 'en-GB' });
    return { serviceWindow, env: started.env, context: started.context, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The framed world of a file's tests: started before they run, stopped after them. Its members answer from the
 * tests on, not while the file is being collected.
 */
export function framedWorldDuringTests(
  options: Parameters<typeof startFramedWorld>[0] = {},
): Omit<FramedWorld, 'stop'> {
  let world: FramedWorld | undefined;
  beforeAll(async () => {
    world = await startFramedWorld(options);
  });
  afterAll(async () => {
    await world?.stop();
    world = undefined;
  });
  const current = () => {
    if (!world) throw new Error('The framed world runs only while the tests do.');
    return world;
  };
  return {
    get serviceWindow() {
      return current().serviceWindow;
    },
    get env() {
      return current().env;
    },
    get context() {
      return current().context;
    },
  };
}

type World = Omit<FramedWorld, 'stop'>;

/** Jana launched in the service's window for one company, at desktop width (1280×900), in the world's context. */
export async function janaAtDesktop(world: World, tenantId: string): Promise<FramedLaunch> {
  const launch = await launchInServiceWindow(world.context, world.env, world.serviceWindow, {
    userId: USERS.jana,
    tenantIds: [tenantId],
  });
  await launch.page.setViewportSize({ width: 1280, height: 900 });
  return launch;
}

/**
 * Jana launched in the service's window for one company on a phone (390×844) in Slovak: a browser context of its own
 * for `steps`, closed after them.
 */
export async function janaOnSlovakPhone(
  world: World,
  tenantId: string,
  steps: (launch: FramedLaunch) => Promise<void>,
): Promise<void> {
  const context = await freshContext(world.context.browser()!, {
    locale: 'sk-SK',
    viewport: { width: 390, height: 844 },
  });
  try {
    await steps(
      await launchInServiceWindow(context, world.env, world.serviceWindow, {
        userId: USERS.jana,
        tenantIds: [tenantId],
      }),
    );
  } finally {
    await context.close();
  }
}
