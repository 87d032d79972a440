import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's own source, for the tests that hold its shape (who owns a table, which door a request takes). */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts and .tsx file below a folder of the project, as paths from the project's root. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The text of a file as written. */
export function sourceOf(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

/** The code of a file without its comments, which may name anything freely. */
export function codeOf(path: string): string {
  return sourceOf(path)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}
