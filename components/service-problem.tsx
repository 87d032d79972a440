import { type DocumentTexts, fill } from '@/lib/base/i18n/documents';
import type { Problem } from '@/lib/platform/http/page-problem';

/**
 * What a page shows when the data API could not give it its data: what happened, in words, and what the user can
 * do about it. Never an upstream body, a status code or a stack. (A page cannot set its status: this renders in a
 * 200 page; not-found, forbidden and signed-out have their own pages with real statuses.)
 */
export function ServiceProblem({
  problem,
  texts,
  retryHref,
}: {
  problem: Problem;
  texts: DocumentTexts;
  retryHref: string;
}) {
  const t = texts.problems;
  const content = {
    disconnected: { title: t.disconnectedTitle, body: t.disconnectedBody, action: t.disconnectedAction, retry: false },
    'payment-required': { title: t.paymentTitle, body: t.paymentBody, action: null, retry: true },
    forbidden: { title: t.forbiddenTitle, body: t.forbiddenBody, action: null, retry: false },
    busy: {
      title: t.busyTitle,
      body: fill(t.busyBody, { seconds: problem.kind === 'busy' ? problem.retryAfterSeconds : 1 }),
      action: null,
      retry: true,
    },
    unavailable: { title: t.unavailableTitle, body: t.unavailableBody, action: null, retry: true },
  }[problem.kind];

  return (
    <section
      role="alert"
      data-problem={problem.kind}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm"
      aria-labelledby="service-problem-title"
    >
      <h2 id="service-problem-title" className="text-lg font-semibold">
        {content.title}
      </h2>
      <p className="mt-2 text-sm">{content.body}</p>
      {content.action && <p className="mt-2 text-sm font-medium">{content.action}</p>}
      {content.retry && (
        <a
          href={retryHref}
          className="mt-4 inline-block rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
        >
          {t.retry}
        </a>
      )}
    </section>
  );
}
