'use client';

import { useSyncExternalStore } from 'react';

import { documentTexts } from '@/lib/base/i18n/documents';

const subscribe = () => () => {};

/**
 * The fallback of an unexpected failure: what happened in one sentence and a retry, never details (the error's
 * message may come from anywhere). A client component cannot ask for the request's language, so it reads the one
 * the root layout put on <html>; the server's render uses Slovak, the service's language.
 */
export function ErrorPanel({ retry }: { retry: () => void }) {
  const lang = useSyncExternalStore(
    subscribe,
    () => document.documentElement.lang,
    () => 'sk',
  );
  const t = documentTexts[lang === 'en' ? 'en' : 'sk'].errorPage;
  return (
    <section
      role="alert"
      className="mt-4 rounded-xl border border-rose-200 bg-white p-6 shadow-sm"
      data-error-page="true"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t.title}</h2>
      <p className="mt-2 text-sm text-slate-700">{t.body}</p>
      <button
        type="button"
        onClick={() => retry()}
        className="mt-4 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
      >
        {t.retry}
      </button>
    </section>
  );
}
