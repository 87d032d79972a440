/**
 * The one identity of everything we keep or ask about a company: the user the gateway signed in, the add-on (plugin)
 * they use, and the company (tenant). A token, its sealing context, a consent attempt, the company's notifications
 * and the data-API client are all of one scope; two users of one company are two scopes (the service may permit them
 * different things). Pure type: safe anywhere.
 */
export type CompanyScope = { readonly userId: string; readonly pluginId: string; readonly tenantId: string };

/** Several companies of one user and add-on: a session's companies. */
export type CompaniesScope = {
  readonly userId: string;
  readonly pluginId: string;
  readonly tenantIds: readonly string[];
};

/** The scope of one company of a session (or of anything with the session's user and add-on). */
export function companyScope(of: { userId: string; pluginId: string }, tenantId: string): CompanyScope {
  return { userId: of.userId, pluginId: of.pluginId, tenantId };
}
