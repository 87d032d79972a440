import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import { codeOf, sourceFiles } from '../support/source-files';

/**
 * Links never prefetch (issue 31): Next's `<Link>` prefetches every link in view in production, each a dynamic render
 * of our pages through the company door. Every link to a page of ours is components/link.tsx's `Link` (no `prefetch`
 * prop), and `npm run lint` refuses `next/link` anywhere else (no-restricted-imports, eslint.config.mjs), so a new
 * list cannot bring the fan-out back. The browser's side: tests/e2e/list-requests.test.ts.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The project's own lint configuration, with only the imports' rule (which needs no type information). */
const lint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});

async function findingsAt(path: string, code: string): Promise<string[]> {
  const [result] = await lint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((message) => message.message);
}

const nextLink = 'import Link from \'next/link\';\nexport const A = () => <Link href="/">a</Link>;\n';
const ourLink = 'import { Link } from \'@/components/link\';\nexport const A = () => <Link href="/">a</Link>;\n';

// Loading the project's lint configuration takes seconds, more on a loaded machine.
describe('links to our pages', { timeout: 90_000 }, () => {
  it('may not import next/link in a page, a component or a console page: the lint names the one link to use', async () => {
    for (const path of [
      'app/companies/[tenantId]/fixture/page.tsx',
      'components/fixture-list.tsx',
      'app/console/fixture.tsx',
    ]) {
      expect(await findingsAt(path, nextLink), path).toEqual([expect.stringContaining("'@/components/link'")]);
    }
  });

  it('pass through components/link.tsx', async () => {
    expect(await findingsAt('components/fixture-list.tsx', ourLink)).toEqual([]);
  });

  it('are never made with next/link today, but in components/link.tsx', () => {
    const importers = ['app', 'components', 'lib']
      .flatMap((dir) => sourceFiles(dir))
      .filter((path) => /from 'next\/link'/.test(codeOf(path)));
    expect(importers).toEqual(['components/link.tsx']);
  });
});
