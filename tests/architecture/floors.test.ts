import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

import { sourceFiles } from '../support/source-files';

/**
 * The floors of lib/ (docs/architecture.md): base, platform, service, owners, doors, features, startup, from the bottom. A
 * folder may import its own floor and those below it, never one above: `npm run lint` fails on a wrong import
 * (import/no-restricted-paths in eslint.config.mjs), and no two folders of lib/ import each other, even by a detour.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = readFileSync(new URL('./fixtures/reaches-up.ts', import.meta.url), 'utf8');
const featureFixture = readFileSync(new URL('./fixtures/reaches-features.ts', import.meta.url), 'utf8');
const componentFixture = readFileSync(new URL('./fixtures/reaches-past.ts', import.meta.url), 'utf8');

/** The project's own lint configuration, with only the floors' rule (which needs no type information). */
const floorsLint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import/no-restricted-paths',
});

async function floorFindingsAt(path: string, text = fixture): Promise<string[]> {
  const [result] = await floorsLint.lintText(text, { filePath: join(root, path) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

// Loading the project's lint configuration takes seconds, more on a loaded machine.
describe('the floors of lib/', { timeout: 90_000 }, () => {
  it('a module of the base may not import the platform or the owners: the lint names the rule and the floors', async () => {
    const findings = await floorFindingsAt('lib/base/fixture.ts');
    expect(findings).toHaveLength(2);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^import\/no-restricted-paths: .*lib\/base\/ sits below lib\/platform\//),
        expect.stringMatching(/^import\/no-restricted-paths: .*lib\/base\/ sits below lib\/owners\//),
      ]),
    );
  });

  it('nor may the platform or the service client import an owner', async () => {
    expect(await floorFindingsAt('lib/platform/fixture.ts')).toEqual([
      expect.stringMatching(/lib\/platform\/ sits below lib\/owners\//),
    ]);
    expect(await floorFindingsAt('lib/service/fixture.ts')).toEqual([
      expect.stringMatching(/lib\/service\/ sits below lib\/owners\//),
    ]);
  });

  it('an owner, a door, a feature and the startup may import what sits below them', async () => {
    for (const path of [
      'lib/owners/fixture.ts',
      'lib/doors/fixture.ts',
      'lib/features/fixture.ts',
      'lib/startup/fixture.ts',
    ]) {
      expect(await floorFindingsAt(path), path).toEqual([]);
    }
  });

  it('a door stands below the features: it may not import a feature, nor the startup', async () => {
    const findings = await floorFindingsAt('lib/doors/fixture.ts', featureFixture);
    expect(findings).toHaveLength(2);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/lib\/doors\/ sits below lib\/features\//),
        expect.stringMatching(/lib\/doors\/ sits below lib\/startup\//),
      ]),
    );
  });

  it('a feature may not import the startup, the top floor; the startup imports any feature', async () => {
    expect(await floorFindingsAt('lib/features/fixture.ts', featureFixture)).toEqual([
      expect.stringMatching(/lib\/features\/ sits below lib\/startup\//),
    ]);
    expect(await floorFindingsAt('lib/startup/fixture.ts', featureFixture)).toEqual([]);
  });

  it('a page or route of app/ stands above every floor, but never opens the database nor asks an owner', async () => {
    const findings = await floorFindingsAt('app/page.tsx');
    expect(findings).toHaveLength(2);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/app\/ never opens the database/),
        expect.stringMatching(/app\/ never asks an owner/),
      ]),
    );
  });

  it('a component takes its props from the features: it imports neither an owner nor a door', async () => {
    const findings = await floorFindingsAt('components/fixture.tsx', componentFixture);
    expect(findings).toHaveLength(2);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/components\/ never import an owner/),
        expect.stringMatching(/components\/ never go through a door/),
      ]),
    );
    expect(await floorFindingsAt('app/page.tsx', componentFixture)).toEqual([
      expect.stringMatching(/app\/ never asks an owner/),
    ]);
  });

  it('every folder of lib/ sits on a floor: nothing stands loose beside them', () => {
    const floors = new Set(sourceFiles('lib').map((path) => path.split('/')[1]));
    expect([...floors].sort()).toEqual(['base', 'doors', 'features', 'owners', 'platform', 'service', 'startup']);
  });

  it('no two folders of lib/ import each other, even through others', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(cyclesOf(graph)).toEqual([]);
  });
});

/** A module's folder: lib/<floor>/<folder> (its subfolders count as the folder), or lib/<floor> for a loose file. */
function folderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Which folders of lib/ each folder imports (types count: they tie folders together as much as values). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const path of sourceFiles('lib')) {
    const from = folderOf(path);
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const [, fromClause, dynamic] of readFileSync(join(root, path), 'utf8').matchAll(importPattern)) {
      const specifier = fromClause ?? dynamic!;
      const target = specifier.startsWith('@/')
        ? specifier.slice(2)
        : specifier.startsWith('.')
          ? relative(root, normalize(join(root, dirname(path), specifier)))
          : null;
      if (target?.startsWith('lib/') && folderOf(`${target}.ts`) !== from) edges.add(folderOf(`${target}.ts`));
    }
  }
  return graph;
}

/** The strongly connected groups of more than one folder (Tarjan's algorithm), each sorted: every one is a cycle. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}
