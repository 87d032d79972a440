import { CompanyHomeLink } from '@/components/company-home-link';
import { linkClass } from '@/components/detail-parts';
import { getMessages } from '@/lib/base/i18n/server';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.docs.notFound.title);

/** A document the service does not have (404 from the data API), or an address that cannot name one. */
export default async function DocumentNotFound() {
  const { t } = await getMessages();
  const n = t.docs.notFound;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-not-found="true">
      <h2 className="text-lg font-semibold text-slate-900">{n.title}</h2>
      <p className="mt-2 text-sm text-slate-700">{n.body}</p>
      <CompanyHomeLink label={`← ${n.back}`} className={`mt-4 inline-block text-sm ${linkClass}`} />
    </section>
  );
}
