import { parentPort } from 'node:worker_threads';

import { type ReadTask, runReadTask } from './tasks';

/**
 * The import reader's worker thread (pool.ts starts one per file): reads the one task it is sent, answers, and is
 * ended. It imports the readers only (tasks.ts). In the production build this file is bundled by
 * scripts/build-import-reader.ts; in development and tests it runs as TypeScript through tsx.
 */
parentPort!.once('message', (task: ReadTask) => {
  void runReadTask(task).then((answer) => parentPort!.postMessage(answer));
});
