import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What a clone of the repository has: every file git tracks or would add (so a change not yet committed counts too),
 * as paths from the project's root; never what .gitignore leaves out (node_modules, .next, .data).
 */
export function repoFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\0').filter(Boolean);
}
