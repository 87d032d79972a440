/**
 * Over HTTP against the production build (`next start`), where a page's status is decided and where Next's proxy
 * stands in front of the pages (issue 30):
 * - an upload refused for its size or its slowness gets the form's own refusal page at the form's address, whatever
 *   its size, before any time-out, and nothing is stored (its body never passes the proxy, which held it back);
 * - the invoice import form answers its GET (the address is not read as an invoice's id);
 * - an address naming a record that does not exist answers 404 with the not-found view, though the page streams:
 *   another company's import, an import of the other kind, a missing invoice or expense, a partner nobody names.
 */
import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type E2eEnvironment, startEnvironment } from './support/environment';
import { printAddonOutputOnFailure } from './support/failure-output';
import { type FetchedSession, launchByFetch, loadPage, USERS } from './support/sessions';

let env: E2eEnvironment;
let jana: FetchedSession;
/** A bank statement of company 10001's account, as the sandbox's bank exports it (camt.053). */
let statement: Uint8Array;

const UPLOAD_BODY_SECONDS = 5;

beforeAll(async () => {
  env = await startEnvironment({
    addonEnv: { MIRROR_SYNC: 'on', UPLOAD_BODY_SECONDS: String(UPLOAD_BODY_SECONDS) },
  });
  jana = await launchByFetch(env, USERS.jana, ['10001', '10002']);
  const response = await fetch(`${env.sandbox.url}/admin/data-api/statement?tenant=10001&format=camt053`);
  statement = new Uint8Array(await response.arrayBuffer());
  // A statement is taken onto the company's account as last copied: the first copy must be there.
  await copyReady();
});

async function copyReady(): Promise<void> {
  await vi.waitFor(
    async () => {
      const sync = await fetch(`${env.addon.directUrl}/companies/10001/sync`, { headers: { Cookie: jana.cookie } });
      expect(((await sync.json()) as { status: string }).status).toBe('ready');
    },
    { timeout: 120_000, interval: 1_000 },
  );
}

afterAll(async () => {
  await env?.stop();
});

printAddonOutputOnFailure(() => env?.addon);

const MB = 1024 * 1024;

/** A POST of our own pages' form (same origin), the session's cookie, answers not followed. */
function postForm(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${env.addon.directUrl}${path}`, {
    method: 'POST',
    body,
    headers: { Cookie: jana.cookie, Origin: env.addon.url, 'Accept-Language': 'en', ...headers },
    redirect: 'manual',
    duplex: 'half',
  } as RequestInit);
}

function formWith(field: string, name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set(field, new File([bytes as Uint8Array<ArrayBuffer>], name));
  return form;
}

/** Whether the company's list of imports names a file. */
async function importsListName(fileName: string): Promise<boolean> {
  const list = await loadPage(env, jana, '/companies/10001/imports');
  expect(list.status).toBe(200);
  return list.body.includes(fileName);
}

/** Uploads the sandbox's statement under a name; answers the new import's id. */
async function importStatement(fileName: string): Promise<string> {
  const response = await postForm('/companies/10001/payments/import', formWith('statement', fileName, statement));
  expect(response.status, response.headers.get('x-statement-refusal') ?? '').toBe(303);
  const id = /\/payments\/import\/([0-9a-f-]{36})$/.exec(response.headers.get('location') ?? '')?.[1];
  expect(id).toBeDefined();
  return id!;
}

/**
 * A multipart upload sent by hand, a part at a time: the head and the first part at once, the rest only when
 * `release` is called. Answers the status line and the headers of the answer as soon as they arrive.
 */
function slowUpload(path: string, field: string, fileName: string, bytes: Uint8Array) {
  const boundary = 'x-slow-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.from(bytes), tail]);
  const { port } = new URL(env.addon.directUrl);
  const socket = connect(Number(port), '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${new URL(env.addon.url).host}\r\nCookie: ${jana.cookie}\r\n` +
      `Origin: ${env.addon.url}\r\nAccept-Language: en\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, half));
  const answer = new Promise<{ status: number; head: string }>((resolve, reject) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) resolve({ status: Number(received.split(' ')[1]), head: received.slice(0, end).toLowerCase() });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed before an answer: ${received.slice(0, 200)}`)));
  });
  return {
    answer,
    release: () => new Promise<void>((resolve) => socket.end(body.subarray(half), () => resolve())),
  };
}

describe('an upload the add-on refuses, at the form’s address', () => {
  it('a 25 MB statement (its length declared): the form’s refusal page, nothing stored', async () => {
    const bytes = new Uint8Array(25 * MB).fill(0x41);
    const response = await postForm('/companies/10001/payments/import', formWith('statement', 'huge-25.xml', bytes));
    expect(response.status).toBe(400);
    expect(response.headers.get('x-statement-refusal')).toBe('too_large');
    const page = await response.text();
    expect(page).toContain('The file is larger than 20 MB.');
    expect(page).toContain('/companies/10001/payments/import');
    expect(await importsListName('huge-25.xml')).toBe(false);
  });

  it('a 25 MB invoices file sent in chunks (no length declared): counted as it arrives, refused, nothing stored', async () => {
    const form = formWith('file', 'huge-25.csv', new Uint8Array(25 * MB).fill(0x41));
    const encoded = new Response(form);
    const response = await postForm('/companies/10001/invoices/import', encoded.body!, {
      'Content-Type': encoded.headers.get('content-type')!,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-invoice-refusal')).toBe('too-large');
    expect(await response.text()).toContain('The file is larger than 10 MB.');
    expect(await importsListName('huge-25.csv')).toBe(false);
  });

  it('a statement still arriving after UPLOAD_BODY_SECONDS: refused then, not stored once it has all arrived', async () => {
    const upload = slowUpload('/companies/10001/payments/import', 'statement', 'slow-statement.xml', statement);
    const started = performance.now();
    const { status, head } = await upload.answer;
    const waited = (performance.now() - started) / 1000;
    expect(status).toBe(400);
    expect(head).toContain('x-statement-refusal: too_slow');
    expect(waited).toBeGreaterThanOrEqual(UPLOAD_BODY_SECONDS - 0.5);
    expect(waited).toBeLessThan(UPLOAD_BODY_SECONDS + 10);
    await upload.release();
    expect(await importsListName('slow-statement.xml')).toBe(false);
    // The same file sent at once is imported: it was its slowness that was refused.
    await importStatement('fast-statement.xml');
    expect(await importsListName('fast-statement.xml')).toBe(true);
  });
});

describe('the invoice import form', () => {
  it('answers its GET with the form (not an invoice whose id would be “import”)', async () => {
    const form = await loadPage(env, jana, '/companies/10001/invoices/import');
    expect(form.status).toBe(200);
    expect(form.body).toContain('Import invoices from a spreadsheet');
    expect(form.body).toContain('name="file"');
  });
});

describe('an address naming a record that does not exist answers 404, though the page streams', () => {
  it('another company’s import, and an import under the other kind’s address; its own answers 200', async () => {
    const id = await importStatement('only-10001.xml');
    const own = await loadPage(env, jana, `/companies/10001/payments/import/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain('only-10001.xml');
    for (const path of [`/companies/10002/payments/import/${id}`, `/companies/10001/invoices/import/${id}`]) {
      const foreign = await loadPage(env, jana, path);
      expect(foreign.status, path).toBe(404);
      expect(foreign.body, path).toContain('Document not found');
      expect(foreign.body, path).not.toContain('only-10001.xml');
    }
    const unknown = await loadPage(env, jana, '/companies/10001/payments/import/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('an invoice, a delivery note or an expense the service does not have', async () => {
    for (const path of [
      '/companies/10001/invoices/987654321',
      '/companies/10001/delivery-notes/987654321',
      '/companies/10001/expenses/00000000-0000-4000-8000-000000000000',
    ]) {
      const missing = await loadPage(env, jana, path);
      expect(missing.status, path).toBe(404);
      expect(missing.body, path).toContain('Document not found');
    }
  });

  it('a partner none of the company’s documents names, once the copy is ready', async () => {
    await copyReady();
    const missing = await loadPage(env, jana, '/companies/10001/partners/ico:99999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Document not found');
  });
});
