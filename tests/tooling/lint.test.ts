import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules ESLint reports for `code` as if it were the file at `filePath` (the type-aware rules see its types). */
async function ruleIdsFor(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

// The type-aware rules load the project's whole program at the first file: seconds on a quiet machine, far more on
// one loaded by the rest of the suite, which is no finding of this test's.
describe('npm run lint', { timeout: 180_000 }, () => {
  it('refuses a browser test that reads what a page shows at one instant', async () => {
    const code = `import type { Page } from 'playwright-core';\nexport async function shown(page: Page) {\n  return page.getByRole('alert').isVisible();\n}\n`;
    expect(await ruleIdsFor(code, 'tests/e2e/startup.test.ts')).toContain('no-restricted-syntax');
  });

  it('accepts the same test waiting for the state with expectUi', async () => {
    const code = `import type { Page } from 'playwright-core';\n\nimport { expectUi } from './support/expect-ui';\nexport async function shown(page: Page) {\n  await expectUi(page.getByRole('alert')).toBeVisible();\n}\n`;
    expect(await ruleIdsFor(code, 'tests/e2e/startup.test.ts')).toEqual([]);
  });

  it('lets a browser test read inside expectUi.poll, which retries, and refuses vitest’s poll, which gives up after 1 s', async () => {
    const polled = `import type { Page } from 'playwright-core';\n\nimport { expectUi } from './support/expect-ui';\nexport async function rows(page: Page) {\n  await expectUi.poll(() => page.locator('tr').count()).toBeGreaterThan(0);\n}\n`;
    expect(await ruleIdsFor(polled, 'tests/e2e/startup.test.ts')).toEqual([]);
    const quick = `import type { Page } from 'playwright-core';\nimport { expect } from 'vitest';\nexport async function title(page: Page) {\n  await expect.poll(() => page.title()).toBe('x');\n}\n`;
    expect(await ruleIdsFor(quick, 'tests/e2e/startup.test.ts')).toContain('no-restricted-syntax');
  });

  it('uses the types: a promise left floating in lib/ is a finding', async () => {
    const code = `export async function store() {}\nexport function caller() {\n  store();\n}\n`;
    expect(await ruleIdsFor(code, 'lib/platform/env.ts')).toContain('@typescript-eslint/no-floating-promises');
  });

  it('refuses app/ importing the database client: a route asks its door or an owner', async () => {
    const code = `import { getDb } from '@/lib/platform/db/client';\nexport async function GET() {\n  await getDb();\n  return new Response(null);\n}\n`;
    expect(await ruleIdsFor(code, 'app/api/health/route.ts')).toContain('import/no-restricted-paths');
    const door = `import { databaseAnswers } from '@/lib/platform/db/health';\nexport async function GET() {\n  return new Response(String(await databaseAnswers()));\n}\n`;
    expect(await ruleIdsFor(door, 'app/api/health/route.ts')).toEqual([]);
  });

  it('formats in the house style: 120 columns, single quotes, semicolons, trailing commas', async () => {
    const options = await prettier.resolveConfig(`${root}/lib/platform/env.ts`);
    const long = `const call = f("first argument of some length", "second argument of some length", "third argument", { a: 1 })`;
    expect(await prettier.format(long, { ...options, parser: 'typescript' })).toBe(
      `const call = f('first argument of some length', 'second argument of some length', 'third argument', { a: 1 });\n`,
    );
    const longer = `${long.slice(0, -1)}, "and one more argument")`;
    expect(await prettier.format(longer, { ...options, parser: 'typescript' })).toMatch(/,\n\);\n$/);
  });
});
