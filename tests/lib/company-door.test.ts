import { describe, expect, it } from 'vitest';

import { codeOf, sourceFiles } from '../support/source-files';

/**
 * Every request about a company goes through one door: a page through `requireCompany` (lib/doors/company/page.ts), a route
 * handler through `companyRoute` (lib/doors/company/route.ts). The door checks the session and the company before anything
 * else and is the only way to the company's data: so no page or route handler under app/companies/ reads the session
 * cookie, opens the database or the company's token itself.
 */
const companyFiles = sourceFiles('app/companies');
const imports = (path: string, module: string) => new RegExp(`from '${module}'`).test(codeOf(path));

describe('the door of company requests', () => {
  it('is the only way a company page or route reaches the database, the session cookie or the token', () => {
    const reaching = companyFiles.filter((path) =>
      [
        '@/lib/platform/db/client',
        '@/lib/platform/db-errors',
        '@/lib/owners/sessions/cookie',
        '@/lib/owners/connections/client',
      ].some((module) => imports(path, module)),
    );
    expect(reaching).toEqual([]);
  });

  it('is taken by every route handler under /companies (directly, or through a door module built on it)', () => {
    const routes = companyFiles.filter((path) => path.endsWith('/route.ts'));
    expect(routes.length).toBeGreaterThan(5);
    // A door module (file routes, exports, the statement upload) hands out handlers made by companyRoute.
    const doorModules = (path: string) =>
      [...codeOf(path).matchAll(/from '@\/lib\/doors\/company\/([\w-]+)'/g)].map((match) => match[1] ?? '');
    const takesTheDoor = (module: string) =>
      module === 'route' || /companyRoute</.test(codeOf(`lib/doors/company/${module}.ts`));
    const outside = routes.filter((path) => !doorModules(path).some(takesTheDoor));
    expect(outside).toEqual([]);
    expect(codeOf('lib/doors/company/file-routes.ts')).toMatch(/companyRoute</);
  });

  it('is taken by every company page, itself or through the loader it calls', () => {
    // The list pages are one companyListPage (components/list-page.tsx), which takes the door and hands its company
    // to the list's loader (lib/features/documents/list-page.ts).
    const loaders = ['@/lib/doors/company/page', '@/components/list-page', '@/lib/doors/company/detail-pages'];
    const pages = companyFiles.filter((path) => /\/(page|layout)\.tsx$/.test(path));
    expect(pages.filter((path) => !loaders.some((module) => imports(path, module)))).toEqual([]);
    for (const loader of ['components/list-page.tsx', 'lib/doors/company/detail-pages.ts']) {
      expect(codeOf(loader)).toMatch(/requireCompany\(/);
    }
  });
});
