import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { repoFiles as listRepoFiles } from '../support/repo-files';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a clone has: the repository's files, as paths from the project's root. */
const repoFiles = new Set(listRepoFiles());
/** The folders that hold a file, at every depth: `docs/x.md` → `docs`. */
function foldersOf(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
const repoFolders = new Set([...repoFiles].flatMap(foldersOf));

const documents = ['README.md', ...[...repoFiles].filter((file) => /^docs\/[^/]+\.md$/.test(file)).sort()];

/** The target of every inline Markdown link `[text](target)` outside code blocks, without a title. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const markdown = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** What is wrong with one relative link of `from`, or null when a clone can follow it. */
function problemOf(from: string, target: string): string | null {
  const [address = '', anchor] = target.split('#');
  const file = address === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), address));
  if (file.startsWith('../') || file === '..') return `${target}: outside the repository`;
  const folder = file.replace(/\/$/, '');
  if (!repoFiles.has(file) && !repoFolders.has(folder)) return `${target}: no such file in the repository`;
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) return `${target}: no heading #${anchor}`;
  return null;
}

describe('the README and docs/', () => {
  it.each(documents)('%s links only to files (and headings) a clone of the repository has', (document) => {
    const relative = linkTargets(readFileSync(path.join(root, document), 'utf8')).filter(
      (target) => !/^[a-z][a-z0-9+.-]*:/i.test(target),
    );
    const problems = relative.map((target) => problemOf(document, target)).filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });
});
