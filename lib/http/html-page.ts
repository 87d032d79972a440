import 'server-only';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type Section = { lang: 'sk' | 'en'; title: string; body: string };

/**
 * A small self-contained HTML page for answers of route handlers that a person sees (the callback's errors):
 * no scripts, no external assets, both languages on one page because the browser arrives from the gateway
 * before we know anything else about the user.
 */
export function htmlPage(status: number, sections: Section[], headers: Record<string, string> = {}): Response {
  const content = sections
    .map(
      (section) =>
        `<section lang="${section.lang}"><h1>${escapeHtml(section.title)}</h1><p>${escapeHtml(section.body)}</p></section>`,
    )
    .join('');
  const html = `<!doctype html><html lang="sk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(sections[0]?.title ?? '')}</title><style>body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f8fafc;margin:0;padding:2rem 1rem}main{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem 2rem}section+section{border-top:1px solid #e2e8f0;margin-top:1rem;padding-top:1rem}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0}</style></head><body><main>${content}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}
