import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The console's door: every page and every server action asks requireOperator() before anything else (a layout does
 * not guard the pages under it, and a server action is an endpoint of its own). The sign-in page is the one page
 * without it: it is where the door sends whoever has no session.
 */
const consoleDir = path.join(process.cwd(), 'app', 'console');

async function consolePages(): Promise<string[]> {
  const entries = await readdir(consoleDir, { recursive: true });
  return entries.filter((entry) => path.basename(entry) === 'page.tsx' && !entry.startsWith('sign-in'));
}

describe("the console's pages and actions", () => {
  it('each page asks requireOperator() first', async () => {
    const pages = await consolePages();
    expect(pages).toEqual(expect.arrayContaining(['page.tsx', 'companies/page.tsx', 'users/page.tsx']));
    for (const page of pages) {
      const source = await readFile(path.join(consoleDir, page), 'utf8');
      const body = /export default async function \w+\([^)]*\)[^{]*\{\s*([^;]+);/.exec(source)?.[1];
      expect(body, page).toMatch(/^(const \w+ = )?await requireOperator\(\)$/);
    }
  });

  it('each server action asks requireOperator() first', async () => {
    const source = await readFile(path.join(consoleDir, 'actions.ts'), 'utf8');
    expect(source.startsWith("'use server';")).toBe(true);
    const actions = [...source.matchAll(/export async function (\w+)\([^)]*\)[^{]*\{\s*([^;]+);/g)];
    expect(actions.length).toBeGreaterThanOrEqual(4);
    for (const [, name, first] of actions) expect(first, name).toBe('const operator = await requireOperator()');
  });
});
