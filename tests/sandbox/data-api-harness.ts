import { afterAll, beforeAll } from 'vitest';

import type { Sandbox } from '../../sandbox/app';
import { startTestSandbox, TODAY } from '../support/sandbox';

export { TODAY };

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface DataApiHarness {
  sandbox: Sandbox;
  /** The sandbox's clock; tests move it (`clock.now += 121_000`). */
  clock: { now: number };
  /** A token of the company, issued once and reused. */
  tokenFor(tenantId: string): string;
  /** One request as the company. The clock moves on a second first, so functional tests never meet the rate limit. */
  call(tenantId: string, path: string, init?: RequestInit): Promise<Response>;
  get<T = any>(tenantId: string, path: string): Promise<ApiAnswer<T>>;
  post<T = any>(tenantId: string, path: string, body: unknown, headers?: Record<string, string>): Promise<ApiAnswer<T>>;
  /** Every record of a list, paging with Top=100 until a short page. */
  getAll<T = any>(tenantId: string, path: string): Promise<T[]>;
  close(): Promise<void>;
}

async function answer<T>(res: Response): Promise<ApiAnswer<T>> {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** A data API of its own, started now; the test closes it. */
export async function startDataApi(): Promise<DataApiHarness> {
  const clock = startOfTheDay();
  const sandbox = await startTestSandbox({ now: () => clock.now });
  return harnessOver(() => sandbox, clock);
}

/**
 * The data API of a file's (or describe block's) tests: started before they run, closed after them. Its members
 * answer from the tests on, not while the file is being collected.
 */
export function dataApiDuringTests(): DataApiHarness {
  const clock = startOfTheDay();
  let started: Sandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox({ now: () => clock.now });
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return harnessOver(() => {
    if (!started) throw new Error('the data API runs only while the tests do');
    return started;
  }, clock);
}

const startOfTheDay = () => ({ now: Date.parse(`${TODAY}T09:00:00Z`) });

function harnessOver(current: () => Sandbox, clock: { now: number }): DataApiHarness {
  const tokens = new Map<string, string>();
  const tokenFor = (tenantId: string) => {
    let token = tokens.get(tenantId);
    if (!token) tokens.set(tenantId, (token = current().tokens.issue(tenantId, 'tester@example.sk')));
    return token;
  };
  const call = (tenantId: string, path: string, init: RequestInit = {}) => {
    clock.now += 1_000;
    return fetch(`${current().url}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${tokenFor(tenantId)}`,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  };
  const harness: DataApiHarness = {
    get sandbox() {
      return current();
    },
    clock,
    tokenFor,
    call,
    get: async (tenantId, path) => answer(await call(tenantId, path)),
    post: async (tenantId, path, body, headers = {}) =>
      answer(
        await call(tenantId, path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
    async getAll(tenantId, path) {
      const all: any[] = [];
      const join = path.includes('?') ? '&' : '?';
      for (let skip = 0; ; skip += 100) {
        const page = await harness.get<{ data: any[] }>(tenantId, `${path}${join}Top=100&Skip=${skip}`);
        if (page.status !== 200) throw new Error(`${path}: ${page.status} ${JSON.stringify(page.body)}`);
        all.push(...page.body.data);
        if (page.body.data.length < 100) return all;
      }
    },
    close: () => current().close(),
  };
  return harness;
}
