import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { sandboxDefaults } from '@/lib/platform/config/sandbox-defaults';

import { createSandbox, type Sandbox, type SandboxOptions } from '../../../sandbox/app';
import { rememberSecret } from '../../support/log-capture';
import { type AddonServer, startAddonServer } from './addon-server';
import type { LaunchEnvironment } from './browser';
import { freeLoopbackPort } from './ports';

/**
 * One end-to-end world: the sandbox in this process (gateway, key set, data API) and the add-on's production build
 * (`next start`) as a child process on loopback, configured against it. Every data-API access token the sandbox's
 * gateway issues is recorded here (and remembered as a secret), so a test can prove none of them ever reached a
 * browser, a page or a log.
 */
export interface E2eEnvironment {
  sandbox: Sandbox;
  addon: AddonServer;
  where: LaunchEnvironment;
  /** The day the sandbox's business data is anchored to (`yyyy-MM-dd`, UTC). */
  today: string;
  /** Every access token the gateway issued so far, in order. */
  issuedTokens: string[];
  stop(): Promise<void>;
}

/** Records each token `tokens.issue` hands out; the gateway calls it through the same store object. */
function recordIssuedTokens(sandbox: Sandbox, into: string[]): void {
  const issue = sandbox.tokens.issue.bind(sandbox.tokens);
  sandbox.tokens.issue = (...args) => {
    const token = issue(...args);
    into.push(rememberSecret(token));
    return token;
  };
}

/**
 * The operators' console, signing in at the sandbox's identity provider: who may enter (OPERATOR_EMAILS and/or
 * OPERATOR_EMAIL_DOMAIN). Its client secret and a fresh session secret are handed over and remembered as secrets.
 */
export type ConsoleOptions = { emails?: string; domain?: string };

function consoleEnv(sandbox: Sandbox, options: ConsoleOptions): Record<string, string> {
  return {
    OPERATOR_OIDC_ISSUER: sandbox.operatorIssuer,
    OPERATOR_OIDC_CLIENT_ID: sandboxDefaults.operatorClientId,
    OPERATOR_OIDC_CLIENT_SECRET: rememberSecret(sandboxDefaults.operatorClientSecret),
    OPERATOR_SESSION_SECRET: rememberSecret(randomBytes(24).toString('base64url')),
    ...(options.emails ? { OPERATOR_EMAILS: options.emails } : {}),
    ...(options.domain ? { OPERATOR_EMAIL_DOMAIN: options.domain } : {}),
  };
}

/** What a suite may set of the sandbox: how large its companies are (SANDBOX_VOLUMES). */
export type SandboxSettings = Pick<SandboxOptions, 'volumes'>;

export async function startEnvironment(
  options: { addonEnv?: Record<string, string>; operatorConsole?: ConsoleOptions; sandbox?: SandboxSettings } = {},
): Promise<E2eEnvironment> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'addon-e2e-'));
  const issuedTokens: string[] = [];
  // Fixed once, so data generated here (tests/e2e/support/sandbox-data.ts) is the data the sandbox serves.
  const today = new Date().toISOString().slice(0, 10);
  let sandbox: Sandbox | undefined;
  let addon: AddonServer | undefined;
  try {
    const addonPort = await freeLoopbackPort();
    const addonUrl = `http://localhost:${addonPort}`;
    sandbox = await createSandbox({
      port: 0,
      addonUrl,
      pluginId: sandboxDefaults.pluginId,
      apiKey: sandboxDefaults.pluginApiKey,
      today,
      ...options.sandbox,
    });
    recordIssuedTokens(sandbox, issuedTokens);
    addon = await startAddonServer({
      port: addonPort,
      sandboxUrl: sandbox.url,
      pgliteDir: path.join(tempDir, 'pglite'),
      extraEnv: {
        ...(options.operatorConsole ? consoleEnv(sandbox, options.operatorConsole) : {}),
        ...options.addonEnv,
      },
    });
    for (const secret of addon.secrets) rememberSecret(secret);
  } catch (error) {
    await sandbox?.close();
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
  const started = { sandbox, addon };
  return {
    ...started,
    where: { sandboxUrl: sandbox.url, addonUrl: addon.url },
    today,
    issuedTokens,
    async stop() {
      await started.addon.stop();
      await started.sandbox.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
