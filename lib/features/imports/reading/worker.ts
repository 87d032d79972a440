import { parentPort } from 'node:worker_threads';

import { inParts, type ReadTask, runReadTask, type WorkerMessage } from './tasks';

/**
 * The import reader's worker thread (pool.ts starts one per file): reads the one task it is sent, answers its head,
 * then a part of its lines or rows each time the request's thread asks for more (tasks.ts, `inParts`), and is ended.
 * It imports the readers only (tasks.ts). In the production build this file is bundled by
 * scripts/build-import-reader.ts; in development and tests it runs as TypeScript through tsx.
 */
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

port.once('message', (task: ReadTask) => {
  void runReadTask(task).then((answer) => {
    const { head, parts } = inParts(answer);
    let next = 0;
    port.on('message', () => {
      post({ part: parts[next] ?? [] });
      next += 1;
    });
    post({ head, parts: parts.length });
  });
});
