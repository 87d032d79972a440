/**
 * Just enough HTML reading for the sandbox's own pages, which are generated with escapeHtml (`&#NN;`), and the one
 * form the tests fill in as a browser would: the consent page's.
 */

function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescapeHtml(match[1] ?? '') : undefined;
}

export interface HtmlForm {
  method: string;
  action: string;
  /** Hidden fields, in document order. */
  hidden: [string, string][];
  html: string;
}

/** The form with this id: its method, action and hidden fields in order. */
export function formById(html: string, id: string): HtmlForm | undefined {
  const start = new RegExp(`<form\\b[^>]*\\sid="${id}"[^>]*>`).exec(html);
  if (!start) return undefined;
  const end = html.indexOf('</form>', start.index);
  const inner = html.slice(start.index, end === -1 ? undefined : end);
  const hidden = [...inner.matchAll(/<input\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => attribute(tag, 'type') === 'hidden')
    .map((tag) => [attribute(tag, 'name') ?? '', attribute(tag, 'value') ?? ''] as [string, string]);
  return {
    method: attribute(start[0], 'method') ?? 'get',
    action: attribute(start[0], 'action') ?? '',
    hidden,
    html: inner,
  };
}

/** Every element id in the page. */
export function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeHtml(m[1] ?? ''));
}

export interface ConsentChoice {
  decision: string;
  userId: string;
  companyIds?: readonly string[];
}

/**
 * What a browser does on the sandbox's consent page: open it with the parameters, keep the form's hidden fields, add
 * the user's choices and press a button.
 */
export async function decideOnConsentPage(
  sandboxUrl: string,
  params: Record<string, string>,
  choice: ConsentChoice,
  headers: Record<string, string> = {},
) {
  const page = await (await fetch(`${sandboxUrl}/integration-consent?${new URLSearchParams(params)}`)).text();
  const form = formById(page, 'consent-form');
  if (!form) throw new Error('no consent form on the page');
  const body = new URLSearchParams(form.hidden);
  body.set('userId', choice.userId);
  for (const id of choice.companyIds ?? []) body.append('companyId', id);
  body.set('decision', choice.decision);
  const init = {
    method: form.method.toUpperCase(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  };
  return fetch(`${sandboxUrl}${form.action}`, init);
}
