/**
 * The sandbox in a process of its own, for a benchmark whose load runs in this one: the service is another machine in
 * production, and one event loop shared by both would hold the sandbox's answers and the client's calls up in turn
 * (the client's calls then leave late and arrive bunched). The parent asks over the IPC channel for tokens, the
 * request log and a company's counts.
 *
 * Run as a child (`fork` with tsx), it reads its options from SANDBOX_PROCESS_OPTIONS (JSON: today, volumes), starts
 * the sandbox on an ephemeral port and says where; `startSandboxProcess` is the parent's side.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { CompanyVolume } from '../../sandbox/data/company-data';
import type { LoggedRequest } from '../../sandbox/data-api/request-log';

type Options = { pluginId: string; apiKey: string; volumes?: Record<string, CompanyVolume> };

type Question =
  { kind: 'issue'; tenantId: string; userId: string } | { kind: 'requests' } | { kind: 'counts'; tenantId: string };
type Ask = Question & { id: number };

type Reply = { id: number; value?: unknown; error?: string };

export type SandboxProcess = {
  url: string;
  pid: number;
  issue(tenantId: string, userId: string): Promise<string>;
  requests(): Promise<LoggedRequest[]>;
  /** How many records of each kind the company holds (generating it now if it was not yet). */
  counts(tenantId: string): Promise<Required<CompanyVolume>>;
  stop(): Promise<void>;
};

/** Starts the sandbox in a child process and answers once it listens. */
export function startSandboxProcess(options: Options): Promise<SandboxProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SANDBOX_PROCESS_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  const ask = <T>(question: Question): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = (next += 1);
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...question, id });
    });

  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const error = new Error(`the sandbox process exited (${code})`);
      reject(error);
      for (const { reject: fail } of waiting.values()) fail(error);
    });
    child.on('message', (message: { listening?: string } & Reply) => {
      if (message.listening) {
        const pid = child.pid!;
        resolve({
          url: message.listening,
          pid,
          issue: (tenantId, userId) => ask({ kind: 'issue', tenantId, userId }),
          requests: () => ask({ kind: 'requests' }),
          counts: (tenantId) => ask({ kind: 'counts', tenantId }),
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
        return;
      }
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.value);
    });
  });
}

async function serveAsChild(): Promise<void> {
  const { createSandbox } = await import('../../sandbox/app');
  const options = JSON.parse(process.env.SANDBOX_PROCESS_OPTIONS ?? '{}') as Options;
  const sandbox = await createSandbox({ port: 0, addonUrl: 'http://127.0.0.1:9', ...options });
  const answer = (question: Ask): unknown => {
    switch (question.kind) {
      case 'issue':
        return sandbox.tokens.issue(question.tenantId, question.userId);
      case 'requests':
        return sandbox.dataApi.requests();
      case 'counts':
        return sandbox.dataApi.counts(question.tenantId);
    }
  };
  process.on('message', (question: Ask) => {
    try {
      process.send?.({ id: question.id, value: answer(question) });
    } catch (error) {
      process.send?.({ id: question.id, error: (error as Error).message });
    }
  });
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.send?.({ listening: sandbox.url });
}

if (process.env.SANDBOX_PROCESS_OPTIONS !== undefined && process.send) void serveAsChild();
