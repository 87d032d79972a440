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

  it('is taken by every route handler under /companies, through the feature module its route file re-exports', () => {
    const routes = companyFiles.filter((path) => path.endsWith('/route.ts'));
    expect(routes.length).toBeGreaterThan(5);
    // A route file only re-exports the handlers of its feature (lib/features/<area>/routes…), made by companyRoute.
    const handlerModules = (path: string) =>
      [...codeOf(path).matchAll(/from '@\/(lib\/[\w/-]+)'/g)].map((match) => match[1] ?? '');
    const madeByCompanyRoute = (module: string) =>
      /from '@\/lib\/doors\/company\/route'/.test(codeOf(`${module}.ts`)) &&
      /companyRoute</.test(codeOf(`${module}.ts`));
    // A list's exports are made by the export route factory, which itself is made by companyRoute.
    const exportFactory = 'lib/features/lists/export-route';
    expect(madeByCompanyRoute(exportFactory)).toBe(true);
    const takesTheDoor = (module: string) =>
      madeByCompanyRoute(module) || codeOf(`${module}.ts`).includes(`from '@/${exportFactory}'`);
    const outside = routes.filter((path) => !handlerModules(path).some(takesTheDoor));
    expect(outside).toEqual([]);
    expect(codeOf('lib/features/documents/routes/files.ts')).toMatch(/companyRoute</);
  });

  it('is taken by every company page, itself or through the loader it calls', () => {
    // The list pages are one companyListPage (app/companies/[tenantId]/list-page.tsx), which takes the door and hands its company
    // to the list's loader (lib/features/documents/list-page.ts).
    // An import's page is one companyImportPage (app/companies/[tenantId]/import-page.tsx), which takes the door too.
    const loaders = [
      '@/lib/doors/company/page',
      '../list-page',
      '@/lib/features/documents/detail-pages',
      '../../../import-page',
    ];
    const pages = companyFiles.filter((path) => /\/(page|layout)\.tsx$/.test(path));
    expect(pages.filter((path) => !loaders.some((module) => imports(path, module)))).toEqual([]);
    for (const loader of [
      'app/companies/[tenantId]/list-page.tsx',
      'lib/features/documents/detail-pages.ts',
      'app/companies/[tenantId]/import-page.tsx',
    ]) {
      expect(codeOf(loader)).toMatch(/requireCompany\(/);
    }
  });
});
