import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The console's door, as `npm run lint` holds it (eslint.config.mjs): a layout does not guard the pages under it and
 * a server action is an endpoint of its own, so every console page is `export default operatorPage(…)` and every
 * export of app/console/actions.ts is `operatorAction(schema, formAction)`; both check the operator before anything
 * else (lib/doors/console/). The sign-in page is the one page without it (it is where the door sends whoever has no
 * session), and so is the catch-all of unknown addresses (the console's not-found page, to anyone). No file of
 * app/console/ holds a database handle. Each rule is shown here catching what it must, on fixture text linted at the
 * paths it would have (no type information is needed for these rules).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' || ruleId === 'import/no-restricted-paths',
});

// Loading the project's configuration (Next's, typescript-eslint's plugins) takes seconds: once, before the cases.
beforeAll(async () => {
  await eslint.lintText('', { filePath: `${root}app/console/fixture/page.tsx` });
});

/** The rules' messages for a text linted as if it were the file at `path` (from the project's root). */
async function complaints(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((message) => message.message);
}

const page = 'app/console/fixture/page.tsx';
const actions = 'app/console/actions.ts';
const pageDoor = "import { operatorPage } from '@/lib/doors/console/page';\n";
const actionDoor = "'use server';\nimport { operatorAction } from '@/lib/doors/console/action';\n";

describe('a console page', () => {
  it('passes as `export default operatorPage(…)`, with its metadata and settings beside it', async () => {
    const code = `${pageDoor}
      export const dynamic = 'force-dynamic';
      export async function generateMetadata() { return {}; }
      export default operatorPage(async ({ operator }) => <main>{operator.email}</main>);`;
    expect(await complaints(page, code)).toEqual([]);
  });

  it('is refused as a page function of its own, even one that asks requireOperator() first', async () => {
    const code = `${pageDoor}
      import { requireOperator } from '@/lib/doors/console/operator';
      export default async function Page() { await requireOperator(); return <main />; }`;
    expect(await complaints(page, code)).toEqual([expect.stringContaining('export default operatorPage(')]);
  });

  it('is refused as an arrow, a name exported as default, or another wrapper', async () => {
    const arrow = `${pageDoor} export default async () => <main />;`;
    const named = `${pageDoor} const Page = operatorPage(async () => <main />); export { Page as default };`;
    const other = `${pageDoor} import { cache } from 'react'; export default cache(async () => <main />);`;
    for (const code of [arrow, other]) expect(await complaints(page, code)).toHaveLength(1);
    expect(await complaints(page, named)).toEqual([expect.stringContaining('not a name')]);
  });

  it("is refused when its operatorPage is not the door's", async () => {
    const code = `const operatorPage = (render: () => unknown) => render;
      export default operatorPage(async () => <main />);`;
    expect(await complaints(page, code)).toEqual([expect.stringContaining("from '@/lib/doors/console/page'")]);
  });

  it('never imports the database handle', async () => {
    const code = `${pageDoor}
      import { getDb } from '@/lib/platform/db/client';
      export default operatorPage(async () => { await getDb(); return <main />; });`;
    expect(await complaints(page, code)).toEqual([expect.stringContaining('app/ never opens the database')]);
  });

  it('holds at every depth, and not for the sign-in page or the catch-all of unknown addresses', async () => {
    const bare = 'export default function Page() { return <main />; }';
    expect(await complaints('app/console/page.tsx', bare)).not.toEqual([]);
    expect(await complaints('app/console/companies/deep/page.tsx', bare)).not.toEqual([]);
    expect(await complaints('app/console/sign-in/page.tsx', bare)).toEqual([]);
    expect(await complaints('app/console/[...unknown]/page.tsx', bare)).toEqual([]);
    // The company pages have their own door (requireCompany): these rules are the console's alone.
    expect(await complaints('app/companies/page.tsx', bare)).toEqual([]);
  });
});

describe("the console's server actions", () => {
  it('pass as `export const x = operatorAction(schema, formAction)`', async () => {
    const code = `${actionDoor}
      import { companyInput } from '@/lib/features/console/actions';
      import { disconnectCompanyForm } from '@/lib/features/console/form-actions';
      export const disconnectCompanyAction = operatorAction(companyInput, disconnectCompanyForm);`;
    expect(await complaints(actions, code)).toEqual([]);
  });

  it('are refused as functions of their own, even ones that ask requireOperator() first', async () => {
    const code = `${actionDoor}
      import { requireOperator } from '@/lib/doors/console/operator';
      export async function endUserSessionsAction(form: FormData) { await requireOperator(); }`;
    expect(await complaints(actions, code)).toEqual([expect.stringContaining('not a function of its own')]);
  });

  it('are refused as any other value, a name exported later, or a re-export', async () => {
    const other = `${actionDoor} export const x = async (form: FormData) => form;`;
    const later = `${actionDoor} const x = operatorAction(a, b); export { x };`;
    const again = `${actionDoor} export { x } from './elsewhere';`;
    const all = `${actionDoor} export * from './elsewhere';`;
    expect(await complaints(actions, other)).toEqual([expect.stringContaining('Every export')]);
    for (const code of [later, again, all])
      expect(await complaints(actions, code)).toEqual([expect.stringContaining('where they are made')]);
  });

  it("are refused when their operatorAction is not the door's", async () => {
    const code = `'use server';
      const operatorAction = (a: unknown, b: unknown) => async () => [a, b];
      export const x = operatorAction(1, 2);`;
    expect(await complaints(actions, code)).toEqual([expect.stringContaining("from '@/lib/doors/console/action'")]);
  });
});

describe("the console's files as they are", () => {
  it('pass every rule of the door', async () => {
    const results = await eslint.lintFiles(['app/console/**/*.{ts,tsx}']);
    expect(results.length).toBeGreaterThanOrEqual(8);
    expect(
      results.flatMap((result) => result.messages.map((message) => `${result.filePath}: ${message.message}`)),
    ).toEqual([]);
  });
});
