/** Just enough HTML reading for the sandbox's own pages, which are generated with escapeHtml (`&#NN;`). */

export function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
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
  return { method: attribute(start[0], 'method') ?? 'get', action: attribute(start[0], 'action') ?? '', hidden, html: inner };
}

/** Every element id in the page. */
export function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => unescapeHtml(m[1] ?? ''));
}
