import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a benchmark's figures go: its table on stdout, the same figures in bench/results. Apart from harness.ts (which
 * re-exports both) so that a benchmark measuring this process's own memory loads nothing else with it.
 */

/** The project's root: `.next` is here, and `next start` runs here. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Prints the table on stdout and writes the same figures to bench/results/<name>-<timestamp>.json. */
export function publish(
  name: string,
  figures: { timestamp: string },
  table: string,
  progress: (message: string) => void,
): void {
  console.log(table);
  const dir = path.join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${figures.timestamp.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  progress(`written ${path.relative(ROOT, file)}`);
}
