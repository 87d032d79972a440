import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { repoFiles } from '../../support/repo-files';
import { addonVariables, projectRoot } from './addon-server';
import { freeLoopbackPort } from './ports';
import { type Child, startChild } from './stand/processes';

export interface FreshClone {
  dir: string;
  remove(): Promise<void>;
}

/**
 * The project as a fresh clone has it, in a folder of its own: the repository's files (a change not yet committed
 * included), without `.next` (no compiled route, development or production) or `.data`, and with this worktree's
 * installed `node_modules` hard-linked (as `npm install` would have left it, in seconds; Turbopack does not follow a
 * symlink out of the project). The worktree's own build and database are never touched.
 */
export async function freshClone(): Promise<FreshClone> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'addon-clone-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    for (const file of repoFiles()) {
      const from = path.join(projectRoot, file);
      if (!existsSync(from)) continue; // deleted in the worktree, not yet in a commit
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await copyFile(from, path.join(dir, file));
    }
    execFileSync('cp', ['-al', path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules')]);
    return { dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export interface DevRun {
  child: Child;
  /** The add-on's address as the sandbox and a browser use it, and the same by IP for this process. */
  addon: { url: string; directUrl: string };
  sandbox: { url: string };
  stop(): Promise<void>;
}

/**
 * `npm run dev` in `dir`, exactly as a developer types it, on free ports (PORT, SANDBOX_PORT) and with none of the
 * add-on's variables from the shell that runs the tests: the add-on falls back to the sandbox and its own embedded
 * database. It runs as a process group of its own, stopped as one (npm, tsx, concurrently, next dev, the sandbox).
 */
export async function startDev(dir: string): Promise<DevRun> {
  const port = await freeLoopbackPort();
  const sandboxPort = await freeLoopbackPort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // NODE_ENV is the test runner's ("test"); SANDBOX_VOLUMES and SANDBOX_DRIFT would change the sandbox's companies.
  for (const name of [...addonVariables, 'NODE_ENV', 'SANDBOX_PORT', 'SANDBOX_VOLUMES', 'SANDBOX_DRIFT']) {
    delete env[name];
  }
  Object.assign(env, { PORT: String(port), SANDBOX_PORT: String(sandboxPort), NEXT_TELEMETRY_DISABLED: '1' });
  const child = startChild('npm', ['run', 'dev'], { cwd: dir, env, detached: true });
  return {
    child,
    addon: { url: `http://localhost:${port}`, directUrl: `http://127.0.0.1:${port}` },
    sandbox: { url: `http://127.0.0.1:${sandboxPort}` },
    stop: () => child.stop(),
  };
}
