import { readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

import { freeLoopbackPort } from '../ports';
import { type Certificates, SERVICE_HOST } from './certificates';

/** The service's application window, over HTTPS on its own origin, holding the add-on in an <iframe>. */
export interface StandWindow {
  /** e.g. https://service.localhost:41234 */
  origin: string;
  /** This window's address with the add-on's frame pointing at `src`. */
  urlFor: (src: string) => string;
  close: () => Promise<void>;
}

/** The frame's name in the window's page (as in ../service-window.ts, which is vitest's and not imported here). */
export const ADDON_FRAME = 'addon';

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startServiceWindow(certificates: Certificates): Promise<StandWindow> {
  const server = createServer(
    { cert: await readFile(certificates.certFile), key: await readFile(certificates.keyFile) },
    (req, res) => {
      const src = new URL(req.url ?? '/', 'https://window.invalid').searchParams.get('src') ?? 'about:blank';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(
        '<!doctype html><html lang="sk"><head><meta charset="utf-8"><title>Fakturácia</title></head><body style="margin:0">' +
          `<iframe name="${ADDON_FRAME}" title="Doplnok" src="${escapeAttribute(src)}" style="border:0;width:100%;height:1400px"></iframe>` +
          '</body></html>',
      );
    },
  );
  // A port free on both loopbacks: Chromium may try ::1 first for a *.localhost name.
  const port = await freeLoopbackPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `https://${SERVICE_HOST}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    urlFor: (src) => `${origin}/?${new URLSearchParams({ src })}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
