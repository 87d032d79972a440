import 'server-only';

/** Our fixed address that the service's consent page posts its answer to (post mode). */
export const CONSENT_RETURN_PATH = '/consent/return';

export type ResponseMode = 'post' | 'poll';
export type CompanyMode = 'single' | 'multiple';

export type ConsentLink = {
  consentUrl: string;
  appName: string;
  integratorName: string;
  responseMode: ResponseMode;
  state: string;
  /** Post mode only. */
  redirectUrl?: string;
  companyMode: CompanyMode;
  webhook: string;
};

/**
 * The consent page's address with the parameters of the interface's "Consent page" table. The consent URL from the
 * configuration may carry its own query; ours is added to it. `webhook_secret` is left out on purpose: the service
 * then generates a secret per connection and returns it with the connection's token (the post form's
 * `data[n][webhookSecret]`, the poll answer's `webHookSecret`), which is the one we store. A secret of ours in the
 * address would sit in the browser's history and the service's logs, and one secret would serve every company of
 * the consent.
 */
export function consentLink(link: ConsentLink): string {
  const url = new URL(link.consentUrl);
  const params: [string, string | undefined][] = [
    ['plugin_name', link.appName],
    ['integrator_name', link.integratorName],
    ['version', '1'],
    ['response_mode', link.responseMode],
    ['state', link.state],
    ['redirect_url', link.responseMode === 'post' ? link.redirectUrl : undefined],
    ['company_mode', link.companyMode],
    ['webhook', link.webhook],
  ];
  for (const [name, value] of params) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
