import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { codeOf, sourceFiles } from '../support/source-files';

/**
 * Components are presentational (docs/architecture.md): the lint keeps them off lib/owners/ and lib/doors/, but a
 * feature's module may hand on an owner's value, and the value then runs wherever the component runs. So every value
 * a component imports from lib/ is followed through its re-exports to the module that defines it, and that module
 * must not be server-only (no database, no secrets). Types are erased and may come from anywhere.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = readFileSync(new URL('./fixtures/reaches-server.tsx', import.meta.url), 'utf8');

/** How many re-exports deep a value is followed (a feature's view module → an owner's module → its neighbour). */
const MAX_HOPS = 4;

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The project's file an import names, from the file that imports it ('@/…' or relative), or null outside lib/. */
function fileOf(specifier: string, from: string): string | null {
  const base = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => normalize(base + ending));
  return candidates.find((path) => existsSync(join(root, path))) ?? null;
}

/** The names in `{ a, type b, c as d }` that are values, as [name imported, name given]. */
function valueNames(braces: string): [string, string][] {
  return braces
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported = part, given = imported] = part.split(/\s+as\s+/);
      return [imported.trim(), given.trim()];
    });
}

/** What a file imports as values from lib/: each name ('*' for a whole module) and the module's specifier. */
function valueImportsOf(code: string): { name: string; specifier: string }[] {
  const statements = [...code.matchAll(/^import\s+(?!type\s)([^'";]*?)\s+from\s+'([^']+)'/gms)];
  return statements
    .filter(([, , specifier]) => specifier!.startsWith('@/lib/'))
    .flatMap(([, clause, specifier]) => {
      const braces = /\{([^}]*)\}/.exec(clause!)?.[1];
      const whole = clause!
        .replace(/\{[^}]*\}/, '')
        .replace(/,/g, ' ')
        .trim();
      const named = braces === undefined ? [] : valueNames(braces).map(([name]) => ({ name, specifier: specifier! }));
      return whole ? [...named, { name: '*', specifier: specifier! }] : named;
    });
}

const declares = (code: string, name: string) =>
  new RegExp(
    `^export\\s+(?:async\\s+)?(?:function\\*?|const|let|class|enum|abstract\\s+class)\\s+${name}\\b`,
    'm',
  ).test(code) || new RegExp(`^export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*;?\\s*$`, 'm').test(code);

/**
 * The module that defines `name`, starting at `file` and following `export { … } from` and `export * from` up to
 * MAX_HOPS deep; null when it cannot be found (reported, so a shape this reader misses does not pass silently).
 */
function definingModule(file: string, name: string, hops = 0): string | null {
  if (name === '*') return file;
  const code = withoutComments(readFileSync(join(root, file), 'utf8'));
  if (declares(code, name)) return file;
  if (hops >= MAX_HOPS) return null;
  for (const [, braces, specifier] of code.matchAll(/^export\s+(?!type\s)\{([^}]*)\}\s+from\s+'([^']+)'/gm)) {
    const handed = valueNames(braces!).find(([, given]) => given === name);
    const next = handed && fileOf(specifier!, file);
    if (next) return definingModule(next, handed[0], hops + 1);
  }
  for (const [, specifier] of code.matchAll(/^export\s+\*\s+from\s+'([^']+)'/gm)) {
    const next = fileOf(specifier!, file);
    const found = next && definingModule(next, name, hops + 1);
    if (found) return found;
  }
  return null;
}

const isServerOnly = (file: string) => /^import 'server-only';/m.test(readFileSync(join(root, file), 'utf8'));

/** What a component (at `path`, its code as written) takes from a server-only module, or cannot be followed. */
function serverValuesOf(path: string, code: string): string[] {
  return valueImportsOf(withoutComments(code)).flatMap(({ name, specifier }) => {
    const file = fileOf(specifier, path);
    const defining = file && definingModule(file, name);
    if (!defining) return [`${path}: ${name} from ${specifier} (not found)`];
    return isServerOnly(defining) ? [`${path}: ${name} from ${specifier} is defined in ${defining}, server-only`] : [];
  });
}

/**
 * Values components still take from a server-only feature module, found when this test came (issue 32). Each is a
 * pure rule or constant beside a loader in its feature's server module; it leaves this list when it moves to a pure
 * module of its feature (as the copy's, the console's and the activity's did). The list must match exactly, so a new
 * one fails, and so does a moved one left listed.
 */
const NOT_YET_MOVED = [
  'components/across-companies.tsx: overduePaging from @/lib/features/documents/across-companies',
  'components/console/data-api-usage.tsx: callsPerHourSvg from @/lib/features/charts/console-ops',
  'components/console/launch-charts.tsx: failureReasonsSvg from @/lib/features/charts/console-ops',
  'components/console/launch-charts.tsx: launchTallySvg from @/lib/features/charts/console-ops',
  'components/imports/statement-import-form.tsx: CSV_FIELDS from @/lib/features/imports/statement-import',
  'components/money/accounts-view.tsx: accountPaymentsHref from @/lib/features/money/accounts-page',
  'components/money/accounts-view.tsx: neighbourMonths from @/lib/features/money/accounts-page',
  'components/overview-charts.tsx: overviewChartSvgs from @/lib/features/charts/overview',
];

describe('components', () => {
  it('take no value from a server-only module, even through a feature’s re-exports', () => {
    const components = sourceFiles('components');
    expect(components.length).toBeGreaterThan(50);
    const found = components.flatMap((path) => serverValuesOf(path, codeOf(path)));
    expect(found.map((finding) => finding.replace(/ is defined in .*$/, ''))).toEqual(NOT_YET_MOVED);
  });

  it('are caught when they do (a fixture read as a component)', () => {
    expect(serverValuesOf('components/reaches-server.tsx', fixture)).toEqual([
      'components/reaches-server.tsx: copyStatusOf from @/lib/features/copy/read is defined in lib/features/copy/read.ts, server-only',
      'components/reaches-server.tsx: listMirrored from @/lib/features/documents/queries is defined in lib/features/documents/queries/list.ts, server-only',
    ]);
  });

  it('follow a value through a feature’s re-exports to where it is defined', () => {
    expect(definingModule('lib/features/copy/state.ts', 'readinessOf')).toBe('lib/owners/mirror/readiness.ts');
    expect(definingModule('lib/features/console/views.ts', 'AUDIT_ACTIONS')).toBe('lib/owners/audit/vocabulary.ts');
    expect(definingModule('lib/features/activity/views.ts', 'paymentEventOf')).toBe(
      'lib/owners/webhooks/payload-shape.ts',
    );
  });
});
