import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import type { BrowserContext, Page } from 'playwright-core';

import { capturedLogLines, leakedSecrets } from '../../support/log-capture';
import { projectRoot } from './addon-server';

/** A value that must never be shown, with a name to report instead of the value. */
export interface NamedSecret {
  name: string;
  value: string;
}

/** What the add-on served: a page, an RSC payload, a file, or only the headers of an answer. */
export interface Served {
  /** Where it came from, for the failure message (`GET /companies/10001 (html)`). */
  source: string;
  headers: string;
  body: string;
}

/** The names of the secrets found in `text` (never the values: a failure message must not print them). */
export function secretsIn(text: string, secrets: readonly NamedSecret[]): string[] {
  return secrets
    .filter((secret) => secret.value.length >= 8 && text.includes(secret.value))
    .map((secret) => secret.name);
}

/** `source: secret names` for every served item that holds a secret in its headers or body; empty when none does. */
export function leaksIn(served: readonly Served[], secrets: readonly NamedSecret[]): string[] {
  const leaks: string[] = [];
  for (const item of served) {
    const inHeaders = secretsIn(item.headers, secrets);
    const inBody = secretsIn(item.body, secrets);
    if (inHeaders.length > 0) leaks.push(`${item.source} headers: ${inHeaders.join(', ')}`);
    if (inBody.length > 0) leaks.push(`${item.source} body: ${inBody.join(', ')}`);
  }
  return leaks;
}

export function headerText(headers: Headers | Record<string, string>): string {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return entries.map(([name, value]) => `${name}: ${value}`).join('\n');
}

export const named = (name: string, values: readonly string[]): NamedSecret[] =>
  values.filter(Boolean).map((value, index) => ({ name: `${name} #${index + 1}`, value }));

/**
 * Records, for every answer of the add-on's origin the browser receives, its headers and (for HTML pages and React
 * Server Component payloads) its body. Bodies are read as they finish; `settled()` waits for all of them.
 */
export function recordAddonResponses(context: BrowserContext, addonUrl: string) {
  const origin = new URL(addonUrl).origin;
  const served: Served[] = [];
  const pending: Promise<void>[] = [];
  let bodiesRead = 0;
  let htmlPages = 0;
  let rscPayloads = 0;
  context.on('response', (response) => {
    if (new URL(response.url()).origin !== origin) return;
    pending.push(
      (async () => {
        const headers = await response.allHeaders().catch((): Record<string, string> => ({}));
        const type = headers['content-type'] ?? '';
        const isHtml = type.startsWith('text/html');
        const isRsc = type.startsWith('text/x-component');
        let body = '';
        if ((isHtml || isRsc) && response.status() < 300) {
          // The body is gone when the page navigated on before it finished; such an answer counts as not read.
          body = await Promise.race([
            response.text().catch(() => ''),
            new Promise<string>((resolve) => setTimeout(() => resolve(''), 30_000).unref()),
          ]);
          if (body) {
            bodiesRead += 1;
            if (isHtml) htmlPages += 1;
            if (isRsc) rscPayloads += 1;
          }
        }
        const pathname = new URL(response.url()).pathname + new URL(response.url()).search;
        served.push({
          source: `${response.request().method()} ${pathname} (${type.split(';')[0] || 'no type'}, ${response.status()})`,
          headers: headerText(headers),
          body,
        });
      })(),
    );
  });
  return {
    served,
    async settled() {
      await Promise.all(pending);
      return { bodiesRead, htmlPages, rscPayloads };
    },
  };
}

/**
 * Asks, from `page`, for each path's RSC payload as the router does on a client-side navigation, and reads it to the
 * end. Links do not prefetch, so each click is one payload, and one still streaming when the next click came cannot be
 * read: a test that must read payloads asks for them this way too. Answers each payload's content type and length.
 */
export async function readRscPayloads(page: Page, paths: readonly string[]) {
  const answers: { path: string; type: string; length: number }[] = [];
  for (const path of paths) {
    const answer = await page.evaluate(async (address) => {
      const response = await fetch(address, { headers: { RSC: '1' } });
      return { type: response.headers.get('content-type') ?? '', length: (await response.text()).length };
    }, path);
    answers.push({ path, ...answer });
  }
  return answers;
}

/** Every file of the client bundle (`.next/static/**`), as text. */
export async function clientBundleFiles(): Promise<{ file: string; text: string }[]> {
  const root = path.join(projectRoot, '.next', 'static');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => ({ file: path.relative(projectRoot, file), text: await readFile(file, 'latin1') })),
  );
}

/**
 * The add-on server's output goes through the suite's log registry (tests/support/log-capture.ts): its lines are
 * added to the captured lines, and the secrets remembered with `rememberSecret` (tokens, cookies, launch codes, keys)
 * are looked for in them. Answers how many remembered secrets leaked (never which values).
 */
export function leakedIntoServerOutput(output: string): number {
  capturedLogLines.push(...output.split('\n').filter(Boolean));
  return leakedSecrets().length;
}
