import { CompanyHomeLink } from '@/components/company-home-link';
import { linkClass } from '@/components/detail-parts';
import type { Messages } from '@/lib/base/i18n/messages';

/** A document, import or partner the company does not have: said in the company's frame or, on a full load, alone. */
export function DocumentNotFound({ t }: { t: Messages }) {
  const n = t.docs.notFound;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-not-found="true">
      <h2 className="text-lg font-semibold text-slate-900">{n.title}</h2>
      <p className="mt-2 text-sm text-slate-700">{n.body}</p>
      <CompanyHomeLink label={`← ${n.back}`} className={`mt-4 inline-block text-sm ${linkClass}`} />
    </section>
  );
}
