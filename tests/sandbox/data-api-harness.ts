import { createSandbox, type Sandbox } from '../../sandbox/app';

/** The day every data-API test anchors generated data to, so expectations hold on any date. */
export const TODAY = '2026-11-22';

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

export async function startDataApi(): Promise<DataApiHarness> {
  const clock = { now: Date.parse(`${TODAY}T09:00:00Z`) };
  const sandbox = await createSandbox({
    port: 0,
    addonUrl: 'http://127.0.0.1:9',
    pluginId: 'p',
    apiKey: 'k',
    today: TODAY,
    now: () => clock.now,
  });
  const tokens = new Map<string, string>();
  const tokenFor = (tenantId: string) => {
    let token = tokens.get(tenantId);
    if (!token) tokens.set(tenantId, (token = sandbox.tokens.issue(tenantId, 'tester@example.sk')));
    return token;
  };
  const call = (tenantId: string, path: string, init: RequestInit = {}) => {
    clock.now += 1_000;
    return fetch(`${sandbox.url}${path}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${tokenFor(tenantId)}`,
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  };
  const harness: DataApiHarness = {
    sandbox,
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
    close: () => sandbox.close(),
  };
  return harness;
}
