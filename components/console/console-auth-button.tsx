'use client';

import { useState } from 'react';

/**
 * The console's sign-in and sign-out buttons. next-auth takes both only as a POST carrying its CSRF token (a
 * double-submit of its own cookie), which the server cannot hand a page rendered without that cookie: so the click
 * first asks /console/auth/csrf (which sets it), then posts asking for JSON and goes where next-auth says (the
 * identity provider, or back to the sign-in page). Going there by `location` rather than a form keeps the pages'
 * CSP (`form-action 'self'`) from having to name the identity provider.
 */
export function ConsoleAuthButton({
  action,
  callbackUrl,
  label,
  working,
  failed,
  variant = 'primary',
}: {
  action: 'signin' | 'signout';
  callbackUrl: string;
  label: string;
  working: string;
  failed: string;
  variant?: 'primary' | 'quiet';
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function go() {
    if (state === 'busy') return;
    setState('busy');
    try {
      const csrf = (await (await fetch('/console/auth/csrf', { cache: 'no-store' })).json()) as { csrfToken?: unknown };
      if (typeof csrf.csrfToken !== 'string') throw new Error('no CSRF token');
      const endpoint = action === 'signin' ? '/console/auth/signin/operator' : '/console/auth/signout';
      const answer = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl, json: 'true' }),
      });
      const { url } = (await answer.json()) as { url?: unknown };
      if (!answer.ok || typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('no address');
      window.location.assign(url);
    } catch {
      setState('failed');
    }
  }

  const look =
    variant === 'primary'
      ? 'rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700'
      : 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100';
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        onClick={() => void go()}
        disabled={state === 'busy'}
        className={`${look} focus-ring disabled:opacity-60`}
      >
        {state === 'busy' ? working : label}
      </button>
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}
