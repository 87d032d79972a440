import type { Messages } from '@/lib/base/i18n/messages';
import type { PasteOutcome } from '@/lib/features/connections/views';

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Connecting a company with a token made by hand in the service. A plain form (no script): the route checks the token
 * with the service before storing it and sends the user back here with the outcome. The field is a password field,
 * so the token (and the optional notification key) is not shown while typed, and the browser is asked not to keep it.
 */
export function PasteTokenForm({ t, action, open }: { t: Messages; action: string; open: boolean }) {
  const p = t.paste;
  return (
    <details className="mt-3" open={open}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">{p.summary}</summary>
      <form method="post" action={action} className="mt-2 space-y-2" autoComplete="off">
        <p className="text-sm text-slate-600">{p.intro}</p>
        <label className="block text-sm text-slate-800">
          {p.tokenLabel}
          <input
            type="password"
            name="token"
            required
            minLength={16}
            maxLength={8192}
            autoComplete="off"
            spellCheck={false}
            className={fieldClass}
          />
        </label>
        <label className="block text-sm text-slate-800">
          {p.secretLabel}
          <input
            type="password"
            name="webhookSecret"
            maxLength={1024}
            autoComplete="off"
            spellCheck={false}
            className={fieldClass}
          />
          <span className="mt-1 block text-xs text-slate-500">{p.secretHelp}</span>
        </label>
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {p.submit}
        </button>
      </form>
    </details>
  );
}

/** What became of a pasted token, at the top of the company page (the route sends the browser back with it). */
export function PasteOutcomeNotice({ t, outcome }: { t: Messages; outcome: PasteOutcome }) {
  return (
    <p
      role="status"
      data-paste-outcome={outcome}
      className={`mb-4 rounded-md px-3 py-2 text-sm ${outcome === 'connected' ? 'bg-emerald-50 text-emerald-900' : outcome === 'unproven' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'}`}
    >
      {t.paste.outcomes[outcome]}
    </p>
  );
}
