import { linkClass } from '@/components/detail-parts';
import { PartnersBackLink } from '@/components/partners-back-link';
import { getMessages } from '@/lib/base/i18n/server';
import { companyPageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = ({ params }: { params: Promise<{ tenantId: string }> }) =>
  companyPageTitle(params, (t) => t.partners.notFound.title);

/** A partner key that cannot be one, or that none of the company's invoices and expenses names (404). */
export default async function PartnerNotFound() {
  const { t } = await getMessages();
  const n = t.partners.notFound;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-not-found="partner">
      <h2 className="text-lg font-semibold text-slate-900">{n.title}</h2>
      <p className="mt-2 text-sm text-slate-700">{n.body}</p>
      <PartnersBackLink label={`← ${n.back}`} className={`mt-4 inline-block text-sm ${linkClass}`} />
    </section>
  );
}
