import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll } from 'vitest';

import type { CompanyScope } from '@/lib/base/company-scope';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import type { SenderSettings } from '@/lib/owners/imports/settings';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { createDataApiClient, type DataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { createTransport } from '@/lib/service/transport';

import type { Sandbox, SandboxOptions } from '../../sandbox/app';
import { tokenFingerprint } from '../../sandbox/data-api/request-log';
import { PLUGIN_ID } from '../support/broker';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';

export { paymentLines } from '../support/payment-lines';

/**
 * The sandbox an import's tests send to, in real time (its rate limit and 120-second duplicate window live), with
 * upload notifications sent at once. Each test uses a company of its own, so no two tests meet in its data.
 */

export const JANA = 'jana.novakova@example.sk';

export const scopeOf = (tenantId: string, userId = JANA): CompanyScope => ({ userId, pluginId: PLUGIN_ID, tenantId });

/** Timings a test can wait for: a batch of unknown fate may be sent again 2 s after it left, checks come at once. */
export const FAST: Partial<SenderSettings> = {
  resendWindowSeconds: 2,
  firstCheckSeconds: 0,
  checkIntervalsSeconds: [1],
  leaseSeconds: 10,
  unknownRetrySeconds: 0,
  unreachableRetrySeconds: 0,
  maxInlineWaitSeconds: 3,
};

type Invoice = { id: number; documentNumber: string; variableSymbol: string; sumForPayment: number };
type Payment = { id: number; externalId: string | null; accountId: number; documentNumber: string | null };

export function importsSandboxDuringTests(options: Partial<SandboxOptions> = {}) {
  let started: Sandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox({ uploadCallbackDelayMs: 0, webhookRetryDelaysMs: [0, 0], ...options });
  });
  afterAll(() => started?.close());
  const sandbox = () => {
    if (!started) throw new Error('the sandbox runs only while the tests do');
    return started;
  };
  const freshToken = (tenantId: string) => rememberSecret(sandbox().tokens.issue(tenantId, `reader-${randomUUID()}`));

  async function read<T>(tenantId: string, path: string): Promise<T> {
    const response = await fetch(`${sandbox().url}${path}`, {
      headers: { authorization: `Bearer ${freshToken(tenantId)}` },
    });
    if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  }

  return {
    get sandbox() {
      return sandbox();
    },

    /**
     * The company's data-API client as the add-on builds it (its own budget), over `token` (default: a new one), at
     * `baseUrl` (default: the sandbox's).
     */
    client(
      tenantId: string,
      { token, baseUrl, attemptTimeoutMs }: { token?: string; baseUrl?: string; attemptTimeoutMs?: number } = {},
    ): { client: DataApiClient; token: string } {
      const used = token ?? freshToken(tenantId);
      const client = createDataApiClient(
        createTransport({
          baseUrl: baseUrl ?? sandbox().url,
          token: used,
          budgetKey: tokenFingerprint(used),
          budget: createMemoryBudget(),
          attemptTimeoutMs,
        }),
        { priority: 'background' },
      );
      return { client, token: used };
    },

    /** Stores a working connection of the company for `userId`, as a delivery does: the token the jobs will use. */
    async connect(
      db: Db,
      tenantId: string,
      { userId = JANA, webhook }: { userId?: string; webhook?: { url: string; secret: string } } = {},
    ): Promise<string> {
      const accessToken = rememberSecret(sandbox().tokens.issue(tenantId, userId, webhook ? { webhook } : {}));
      await storeAccessTokens(
        db,
        [{ userId, tenantId, pluginId: PLUGIN_ID, accessToken, companyName: null }],
        getEnv().encryptionKeys,
        { source: 'gateway' },
      );
      return accessToken;
    },

    openInvoices: (tenantId: string) => read<Invoice[]>(tenantId, '/api/invoices?PaymentStatus=0&Top=100'),

    async bankAccount(tenantId: string): Promise<number> {
      const accounts = await read<{ id: number }[]>(tenantId, '/api/payments/accounts');
      return accounts[0]!.id;
    },

    /** The account's listed payments whose externalId starts with `prefix`, read directly: how many per externalId. */
    async paymentsPerExternalId(tenantId: string, accountId: number, prefix: string): Promise<Map<string, number>> {
      const counts = new Map<string, number>();
      for (let skip = 0; ; skip += 100) {
        const page = await read<Payment[]>(tenantId, `/api/payments?AccountId=${accountId}&Top=100&Skip=${skip}`);
        for (const payment of page) {
          const id = payment.externalId;
          if (id?.startsWith(`${prefix}-`)) counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        if (page.length < 100) return counts;
      }
    },

    /** The requests the sandbox received with this token: `POST /api/payments/batch`, `GET /api/payments?…`. */
    requestsOf(token: string): string[] {
      return sandbox()
        .dataApi.requests()
        .filter((request) => request.tokenFingerprint === tokenFingerprint(token))
        .map((request) => `${request.method} ${request.path}${request.query}`);
    },

    /** Requests of every token of the company. */
    companyRequests(tenantId: string): string[] {
      return sandbox()
        .dataApi.requests()
        .filter((request) => request.tenantId === tenantId)
        .map((request) => `${request.method} ${request.path}`);
    },
  };
}

export const DIGEST = 'ab'.repeat(32);
