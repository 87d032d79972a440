/**
 * The consent page's query parameters, exactly as interface.md "Consent page" lists them. The same parameters come
 * back in the page's own form (hidden fields) and are checked again there: a form is as easy to forge as a URL.
 */
export const MIN_STATE_LENGTH = 32;

export interface ConsentParams {
  pluginName: string;
  integratorName: string;
  responseMode: 'post' | 'poll';
  state: string;
  /** Present in post mode (required there); ignored by poll mode. */
  redirectUrl?: string;
  companyMode: 'single' | 'multiple';
  webhook?: string;
  /** The integrator's key; when a webhook comes without it, the service generates one per connection. */
  webhookSecret?: string;
}

/** Wire names in the order the error page lists them. */
export const CONSENT_PARAMETERS = [
  'plugin_name',
  'integrator_name',
  'version',
  'response_mode',
  'state',
  'redirect_url',
  'company_mode',
  'webhook',
  'webhook_secret',
] as const;
export type ConsentParameter = (typeof CONSENT_PARAMETERS)[number];

/** What was wrong, by parameter name. The reasons are fixed texts: a value the caller sent is never repeated. */
export type ParamProblems = Partial<Record<ConsentParameter, string>>;

export type ParseResult = { ok: true; params: ConsentParams } | { ok: false; problems: ParamProblems };

/** An absolute http(s) URL with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    // Plain http is accepted (not only https) so that an add-on on localhost can be tried out.
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Checks the parameters. Each may appear once (a second copy is refused rather than guessed about). An optional
 * parameter sent empty counts as not sent; a required one sent empty is missing. Unknown parameters are ignored.
 */
export function parseConsentParams(input: URLSearchParams): ParseResult {
  const problems: ParamProblems = {};
  const one = (name: ConsentParameter): string | undefined => {
    const values = input.getAll(name);
    if (values.length > 1) {
      problems[name] = 'given more than once';
      return undefined;
    }
    return values[0] === '' ? undefined : values[0];
  };
  const required = (name: ConsentParameter): string | undefined => {
    const value = one(name);
    if (value === undefined && !problems[name]) problems[name] = 'required';
    return value;
  };

  const pluginName = required('plugin_name');
  const integratorName = required('integrator_name');
  if (pluginName !== undefined && pluginName.trim() === '') problems.plugin_name = 'must not be blank';
  if (integratorName !== undefined && integratorName.trim() === '') problems.integrator_name = 'must not be blank';

  const version = required('version');
  if (version !== undefined && version !== '1') problems.version = 'must be 1';

  const responseMode = required('response_mode');
  if (responseMode !== undefined && responseMode !== 'post' && responseMode !== 'poll')
    problems.response_mode = 'must be post or poll';

  const state = required('state');
  if (state !== undefined && state.length < MIN_STATE_LENGTH)
    problems.state = `must be at least ${MIN_STATE_LENGTH} characters`;

  const redirectUrl = responseMode === 'post' ? required('redirect_url') : one('redirect_url');
  if (redirectUrl !== undefined && !isHttpUrl(redirectUrl)) problems.redirect_url = 'must be an absolute http(s) URL';

  const companyMode = one('company_mode') ?? 'single';
  if (companyMode !== 'single' && companyMode !== 'multiple' && !problems.company_mode)
    problems.company_mode = 'must be single or multiple';

  const webhook = one('webhook');
  if (webhook !== undefined && !isHttpUrl(webhook)) problems.webhook = 'must be an absolute http(s) URL';
  const webhookSecret = one('webhook_secret');

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    params: {
      pluginName: pluginName as string,
      integratorName: integratorName as string,
      responseMode: responseMode as 'post' | 'poll',
      state: state as string,
      ...(responseMode === 'post' && redirectUrl !== undefined ? { redirectUrl } : {}),
      companyMode: companyMode as 'single' | 'multiple',
      ...(webhook !== undefined ? { webhook } : {}),
      ...(webhook !== undefined && webhookSecret !== undefined ? { webhookSecret } : {}),
    },
  };
}

/** The parameters as the page's hidden fields carry them back (wire names, only those that were given). */
export function consentFields(params: ConsentParams): [ConsentParameter, string][] {
  const fields: [ConsentParameter, string][] = [
    ['plugin_name', params.pluginName],
    ['integrator_name', params.integratorName],
    ['version', '1'],
    ['response_mode', params.responseMode],
    ['state', params.state],
    ['company_mode', params.companyMode],
  ];
  if (params.redirectUrl !== undefined) fields.push(['redirect_url', params.redirectUrl]);
  if (params.webhook !== undefined) fields.push(['webhook', params.webhook]);
  if (params.webhookSecret !== undefined) fields.push(['webhook_secret', params.webhookSecret]);
  return fields;
}
