import { spawn } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { projectRoot } from './support/addon-server';
import { freeLoopbackPort } from './support/ports';

/** Runs `next start` on the production build with exactly `env`, and collects what it printed until it exits. */
function startWith(env: Record<string, string>, port: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Bounded: a server that did not stop by itself is stopped here, and the test then fails on its exit code.
    const guard = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    });
  });
}

describe('starting in production', () => {
  it('stops with one clear line naming a missing variable, and never prints a secret value', async () => {
    const secret = 'a-session-secret-that-must-never-be-printed-0123';
    const { code, output } = await startWith(
      {
        APP_URL: 'https://addon.example.sk',
        SESSION_SECRETS: secret,
        PLUGIN_API_KEYS: 'an-api-key-never-printed-0123',
      },
      await freeLoopbackPort(),
    );
    expect(code).toBe(1);
    expect(output).toContain('Configuration: PLUGIN_ID is required in production.');
    expect(output).not.toContain(secret);
    expect(output).not.toContain('an-api-key-never-printed');
  });
});
