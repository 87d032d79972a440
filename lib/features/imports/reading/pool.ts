import 'server-only';

import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import type { Answer, Answerable } from '@/lib/base/errors';

import { joined, type ReadAnswer, type ReadTask, type WorkerMessage } from './tasks';

/**
 * The import reader (issue 30): a bank statement or an invoice sheet is read in a worker thread, never on the thread
 * that answers requests. A hostile file (20 MB of nested or countless elements, a zip bomb) then costs at most one
 * worker's heap and time budget, and the instance keeps answering everything else (its health included) meanwhile.
 *
 * Each file gets a fresh worker, ended once it answers: its heap is given back whole, nothing of one company's file
 * stays in a thread that reads another's, and a worker that ran out of memory or time needs no repair (starting one
 * costs tens of milliseconds against the seconds an upload takes). At most `workers` files are read at once per
 * instance; one more is refused at once as busy (429, "try again"), not queued: a queue would only hold the request
 * (and its 20 MB body) longer. A worker past its time budget is terminated, one past its heap is ended by V8; either
 * way the upload is refused as too complex to read, and nothing is stored. A slot is free again only once its
 * worker's thread has exited. Figures: docs/benchmarks.md, "Reading
 * off the request's thread"; the memory an instance may need for them: docs/operations.md.
 */
export const readerLimits = {
  /** Files read at once per instance: each may take a core and its heap, and a host has two cores. */
  workers: 2,
  /** The largest legitimate statement took 4–7 s on the loaded 2-core bench host: 20 s leaves room for a busier one. */
  timeBudgetMs: 20_000,
  /**
   * The largest legitimate statement (50 000 lines in 20 MB) took 226 MB of the process in the worker; a hostile one
   * is ended at about 260 MB (npm run bench:statements-hostile). The young generation is kept small: it counts too.
   */
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 16,
  stackSizeMb: 4,
} as const;

export type ReaderLimits = { -readonly [K in keyof typeof readerLimits]: number };

/** Every worker is reading: the upload is refused at once, to be tried again shortly. */
export class ReaderBusy extends Error implements Answerable {
  override name = 'ReaderBusy';
  constructor() {
    super('import reader busy');
  }

  get answer(): Answer {
    return { code: 'rate_limited', reason: 'import_reader_busy', retryAfterSeconds: 10 };
  }
}

/** The worker ran past its time budget or its heap (or died otherwise): the file is too demanding to read. */
export class ReaderGaveUp extends Error {
  override name = 'ReaderGaveUp';
  constructor(readonly why: 'time' | 'memory' | 'crashed') {
    super(`import reader gave up: ${why}`);
  }
}

/**
 * Where the worker's code is. The production build bundles worker.ts into one file beside Next's output
 * (scripts/build-import-reader.ts; the artefact copies it): Next's own bundle has no entry a worker could start.
 * In development and tests the TypeScript entry runs through tsx, as the scripts do (tsx is a development
 * dependency: the production build never asks for it). Both are found from the
 * working directory: the project's root, or the artefact's folder (server.js changes to it).
 */
export const BUILT_READER = path.join('.next', 'import-reader', 'worker.cjs');

function workerEntry(): { code: string; eval: boolean } {
  const root = process.cwd();
  if (process.env.NODE_ENV === 'production') {
    const file = path.join(/* turbopackIgnore: true */ root, BUILT_READER);
    if (!existsSync(file)) throw new Error(`import reader missing: ${BUILT_READER} (npm run build makes it)`);
    return { code: file, eval: false };
  }
  // Node 20 does not pass `--import tsx` on to a worker: the worker registers tsx itself, then loads the entry.
  const source = path.join(/* turbopackIgnore: true */ root, 'lib', 'features', 'imports', 'reading', 'worker.ts');
  return { code: `require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, eval: true };
}

/**
 * The file's bytes are moved to the worker, not copied, when they are an array of their own (an upload's are): the
 * caller's array is empty afterwards. A view into a larger buffer is copied instead.
 */
function transferable(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return { bytes, transfer: [buffer] };
  }
  const copy = bytes.slice();
  return { bytes: copy, transfer: [copy.buffer] };
}

function runInWorker(task: ReadTask, limits: ReaderLimits): Promise<ReadAnswer> {
  const entry = workerEntry();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry.code, {
      eval: entry.eval,
      // Not the server's own flags (a loader of the development tools, say): the worker needs none.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
        stackSizeMb: limits.stackSizeMb,
      },
    });
    let settled = false;
    // The answer (and with it the pool's slot) is given only once the worker has ended: a dying worker's heap never
    // overlaps the next one's, so `workers` heaps at most are alive. terminate() resolves once the thread has exited
    // (at once if it already has); V8 stops its JavaScript wherever it is, so the wait is short.
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate().then(done, done);
    };
    const timer = setTimeout(() => settle(() => reject(new ReaderGaveUp('time'))), limits.timeBudgetMs);
    // The answer's head, then its parts, each asked for once this thread has had a turn for everything else.
    let head: ReadAnswer | null = null;
    let expected = 0;
    const parts: unknown[][] = [];
    worker.on('message', (message: WorkerMessage) => {
      if ('head' in message) {
        head = message.head;
        expected = message.parts;
      } else {
        parts.push(message.part);
      }
      if (parts.length < expected) {
        setImmediate(() => settled || worker.postMessage('more'));
        return;
      }
      settle(() => resolve(joined({ head: head!, parts })));
    });
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(new ReaderGaveUp(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed'))),
    );
    worker.once('exit', () => settle(() => reject(new ReaderGaveUp('crashed'))));
    try {
      const { bytes, transfer } = transferable(task.bytes);
      worker.postMessage({ ...task, bytes }, transfer);
    } catch (error) {
      settle(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
  });
}

export type ReaderPool = {
  read(task: ReadTask): Promise<ReadAnswer>;
  /** Files being read now. */
  readonly reading: number;
};

export function createReaderPool(overrides: Partial<ReaderLimits> = {}): ReaderPool {
  const limits: ReaderLimits = { ...readerLimits, ...overrides };
  let reading = 0;
  return {
    get reading() {
      return reading;
    },
    async read(task) {
      if (reading >= limits.workers) throw new ReaderBusy();
      reading += 1;
      try {
        return await runInWorker(task, limits);
      } finally {
        reading -= 1;
      }
    },
  };
}

/** The instance's reader. */
export const importReader: ReaderPool = createReaderPool();
