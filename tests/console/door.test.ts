import { describe, expect, it } from 'vitest';
import { codeOf, sourceFiles } from '../support/source-files';

/**
 * The console's door: every page and every server action asks requireOperator() before anything else (a layout does
 * not guard the pages under it, and a server action is an endpoint of its own). The sign-in page is the one page
 * without it: it is where the door sends whoever has no session; and so is the catch-all of unknown addresses, which
 * shows nothing but the console's not-found page, to anyone.
 */
const consolePages = () =>
  sourceFiles('app/console').filter(
    (file) => file.endsWith('/page.tsx') && !file.includes('/sign-in/') && !file.includes('/[...unknown]/'),
  );

describe("the console's pages and actions", () => {
  it('each page asks requireOperator() first', () => {
    const pages = consolePages();
    expect(pages).toEqual(
      expect.arrayContaining(['app/console/page.tsx', 'app/console/companies/page.tsx', 'app/console/users/page.tsx']),
    );
    for (const page of pages) {
      const source = codeOf(page);
      const body = /export default async function \w+\([^)]*\)[^{]*\{\s*([^;]+);/.exec(source)?.[1];
      expect(body, page).toMatch(/^(const \w+ = )?await requireOperator\(\)$/);
    }
  });

  it('each server action asks requireOperator() first', () => {
    const source = codeOf('app/console/actions.ts');
    expect(source.trimStart().startsWith("'use server';")).toBe(true);
    const actions = [...source.matchAll(/export async function (\w+)\([^)]*\)[^{]*\{\s*([^;]+);/g)];
    expect(actions.length).toBeGreaterThanOrEqual(4);
    for (const [, name, first] of actions) expect(first, name).toBe('const operator = await requireOperator()');
  });
});
