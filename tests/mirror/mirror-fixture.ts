import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll } from 'vitest';

import type { CompanyPage } from '@/lib/doors/company/company-page';
import { loadForPage } from '@/lib/doors/company/page-load';
import type { ConnectionState } from '@/lib/owners/connections/states';
import { storeAccessTokens } from '@/lib/owners/connections/store';
import type { SyncedKind } from '@/lib/owners/mirror/kinds';
import type { Db } from '@/lib/platform/db/client';
import { getEnv } from '@/lib/platform/env';
import { createDataApiClient, type DataApiClient } from '@/lib/service/client';
import { createMemoryBudget } from '@/lib/service/rate/memory-budget';
import { createTransport } from '@/lib/service/transport';

import type { Sandbox } from '../../sandbox/app';
import { tokenFingerprint } from '../../sandbox/data-api/request-log';
import { PLUGIN_ID } from '../support/broker';
import { rememberSecret } from '../support/log-capture';
import { startTestSandbox } from '../support/sandbox';

/**
 * The sandbox a mirror's tests sync against, in real time: its data anchored to TODAY (so everything it generated
 * is older than what a test changes now), its rate limits and request log live.
 */

export const sandboxPaths: Record<SyncedKind, string> = {
  invoices: '/api/invoices',
  expenses: '/api/expenses',
  deliveryNotes: '/api/delivery-notes',
  payments: '/api/payments',
  catalogItems: '/api/catalog-items',
};

export type ListedRecord = { id: number | string; itemCode?: string; [field: string]: unknown };

export type SandboxClient = { client: DataApiClient; token: string };

export function mirrorSandboxDuringTests() {
  let started: Sandbox | undefined;
  beforeAll(async () => {
    started = await startTestSandbox();
  });
  afterAll(() => started?.close());
  const sandbox = () => {
    if (!started) throw new Error('the sandbox runs only while the tests do');
    return started;
  };

  /** A token of the company, issued for this call only (a fresh rate budget). */
  const freshToken = (tenantId: string) => rememberSecret(sandbox().tokens.issue(tenantId, `mirror-${randomUUID()}`));

  return {
    get sandbox() {
      return sandbox();
    },
    company: (tenantId: string) => ({ pluginId: PLUGIN_ID, tenantId }),

    /** The company's data-API client as the add-on builds it, over a token of its own. */
    client(tenantId: string): SandboxClient {
      const token = freshToken(tenantId);
      const client = createDataApiClient(
        createTransport({
          baseUrl: sandbox().url,
          token,
          budgetKey: tokenFingerprint(token),
          budget: createMemoryBudget(),
          backoffMs: 20,
        }),
      );
      return { client, token };
    },

    /**
     * Stores a working connection of the company (a token of `userId`'s, as a gateway delivers it): every page a sync
     * writes checks that its company is still connected (lib/owners/mirror/page-guard.ts), whichever client reads.
     */
    async connect(db: Db, tenantId: string, userId = 'jana.novakova@example.sk'): Promise<void> {
      await storeAccessTokens(
        db,
        [{ userId, tenantId, pluginId: PLUGIN_ID, accessToken: freshToken(tenantId), companyName: null }],
        getEnv().encryptionKeys,
        { source: 'gateway' },
      );
    },

    /** The requests the sandbox received with this token, in order. */
    requestsOf: (token: string) =>
      sandbox()
        .dataApi.requests()
        .filter((request) => request.tokenFingerprint === tokenFingerprint(token)),

    /**
     * A company page's door (lib/doors/company/page.ts) over the test database and a fresh token, for `userId` with their
     * connection in `state`; `calls()` answers the paths (without query) it asked of the service, in order.
     */
    pageDoor(
      db: Db,
      tenantId: string,
      { userId = 'jana.novakova@example.sk', state = 'connected' }: { userId?: string; state?: ConnectionState } = {},
    ): { door: PageDoor; calls: () => string[] } {
      const { client, token } = this.client(tenantId);
      const scope = { userId, pluginId: PLUGIN_ID, tenantId };
      return {
        door: {
          scope,
          read: (query) => query(db, scope),
          load: (work) => loadForPage((deadline) => work({ client: async () => client, deadline })),
          connection: async () => ({
            tenantId,
            name: null,
            state,
            source: 'consent',
            webhookId: null,
            hasWebhookSecret: false,
          }),
        },
        calls: () => this.requestsOf(token).map((request) => request.path.split('?')[0]!),
      };
    },

    /** Every record the service lists now, read directly (a token per page: the add-on's budget is untouched). */
    async listed(tenantId: string, kind: SyncedKind, query = ''): Promise<ListedRecord[]> {
      const all: ListedRecord[] = [];
      for (let skip = 0; ; skip += 100) {
        const response = await fetch(`${sandbox().url}${sandboxPaths[kind]}?Top=100&Skip=${skip}${query}`, {
          headers: { authorization: `Bearer ${freshToken(tenantId)}` },
        });
        const page = ((await response.json()) as { data: ListedRecord[] }).data;
        all.push(...page);
        if (page.length < 100) return all;
      }
    },
  };
}

/** What a company page's loaders are handed (lib/features/documents/detail-loads.ts, lib/features/overview/page.ts). */
export type PageDoor = Pick<CompanyPage, 'scope' | 'read' | 'load' | 'connection'>;

/** The parameters of a logged request's query. */
export const paramsOf = (request: { query: string }) => new URLSearchParams(request.query);
