import type { CompanyScope } from '@/lib/base/company-scope';

/**
 * The key of a company's mirror: the add-on (plugin) and the company (tenant), never a user. The mirror is synced
 * with any working token of the company and served only to sessions whose launch covered it. Pure type: safe anywhere.
 */
export type MirrorCompany = Pick<CompanyScope, 'pluginId' | 'tenantId'>;

/** The company of a scope (a session's company, a connection), without the user. */
export function mirrorCompanyOf(scope: MirrorCompany): MirrorCompany {
  return { pluginId: scope.pluginId, tenantId: scope.tenantId };
}

/** One text per company, e.g. for a job's singleton key: at most one sync of a company at a time. */
export function mirrorCompanyKey(company: MirrorCompany): string {
  return `${company.pluginId}:${company.tenantId}`;
}
