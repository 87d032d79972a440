import type { Messages } from '@/lib/base/i18n/messages';

/** The add-on's header: its name, who is signed in, and the sign-out button (a plain form: works without JS). */
export function AppHeader({ t, userId }: { t: Messages; userId: string }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
      <div>
        <p className="text-lg font-semibold text-slate-900">{t.appName}</p>
        <p className="text-sm text-slate-600">
          {t.signedInAs}:{' '}
          <span className="font-medium text-slate-900" data-testid="signed-in-user">
            {userId}
          </span>
        </p>
      </div>
      <form method="post" action="/auth/logout">
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-ring"
        >
          {t.signOut}
        </button>
      </form>
    </header>
  );
}
