import { describe, expect, it } from 'vitest';

import { codeOf, sourceFiles } from '../support/source-files';

/**
 * A route file of app/ only takes its feature's handlers whole (docs/architecture.md, "The floors"): one import of
 * the feature's (or door's) address, Next's route segment config as a literal, and
 * `export const { GET, HEAD, POST, … } = address;`. The handlers themselves live in lib/features/<area>/routes….
 */
const statementsOf = (path: string) =>
  codeOf(path)
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const allowed = [
  /^import \{ \w+ \} from '@\/lib\/(features|doors)\/[\w/-]+'$/,
  /^export const dynamic = 'force-dynamic'$/,
  /^export const \{ (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)(, (GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS))* \} = \w+(\.\w+)*;?$/,
];

describe('the route files of app/', () => {
  const routes = sourceFiles('app').filter((path) => path.endsWith('/route.ts'));

  it('only re-export their feature’s handlers', () => {
    expect(routes.length).toBeGreaterThan(40);
    const otherwise = routes.flatMap((path) =>
      statementsOf(path)
        .filter((statement) => !allowed.some((pattern) => pattern.test(statement)))
        .map((statement) => `${path}: ${statement}`),
    );
    expect(otherwise).toEqual([]);
  });
});
