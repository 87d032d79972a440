'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, useTransition } from 'react';

/** How often a page watching the copy asks for its state. */
const LOOK_EVERY_MS = 2_000;
/** After a failed look (the add-on restarting, its database busy). */
const SLOWER_MS = 10_000;

/**
 * "Update now" and what follows it, beside the copy's freshness (a list's or the overview's). The button is a plain
 * form (POST /companies/{id}/sync, back to this page), so it works without script; with script it says "updating…"
 * the moment it is pressed. While the page watches the copy (`watch`: an update waits or runs, or the last one failed
 * and will be tried again), this asks the same address (GET: one small JSON, no figures) every few seconds and, when
 * the copy's state differs from the one the page was drawn with (`drawn`, syncStateKey) and no update is under way,
 * has the page drawn again in place (router.refresh: no reload, the frame keeps its address), once per state: the
 * new drawing brings its own state and decides whether to go on watching. Signed out (401) or refused (403) ends the
 * watching; a passing failure (the database busy, the add-on restarting) only slows it down.
 */
export function MirrorUpdate({
  action,
  back,
  watch,
  drawn,
  showButton,
  labels,
}: {
  action: string;
  back: string;
  watch: boolean;
  drawn: string;
  showButton: boolean;
  labels: { refresh: string; syncing: string };
}) {
  const [asked, setAsked] = useState(false);
  // The watching is the browser's alone: the server's drawing (and a test's) has no router to refresh.
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <>
      {inBrowser && watch && <SyncWatcher action={action} drawn={drawn} />}
      {showButton && (
        <form method="post" action={action} onSubmit={() => setAsked(true)}>
          <input type="hidden" name="back" value={back} />
          <button
            type="submit"
            aria-disabled={asked}
            className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-ring aria-disabled:cursor-progress aria-disabled:text-slate-500"
          >
            {asked ? labels.syncing : labels.refresh}
          </button>
        </form>
      )}
    </>
  );
}

const noSubscription = () => () => undefined;

/** Asks `action` (GET) every few seconds for the copy's state; the page is drawn again once it changed and settled. */
function SyncWatcher({ action, drawn }: { action: string; drawn: string }) {
  const router = useRouter();
  const [, startTransition] = useTransition();

  useEffect(() => {
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Drawn again once per state seen: a drawing that still shows an older state is not asked for again and again.
    let drawnFor = drawn;
    const look = async () => {
      let wait = LOOK_EVERY_MS;
      try {
        const response = await fetch(action, { headers: { accept: 'application/json' }, cache: 'no-store' });
        if (ended || response.status === 401 || response.status === 403) return;
        if (response.ok) {
          const answer = (await response.json()) as { updating?: unknown; state?: unknown };
          if (ended) return;
          if (answer.updating === false && typeof answer.state === 'string' && answer.state !== drawnFor) {
            drawnFor = answer.state;
            startTransition(() => router.refresh());
          }
        } else wait = SLOWER_MS;
      } catch {
        wait = SLOWER_MS;
      }
      if (!ended) timer = setTimeout(() => void look(), wait);
    };
    timer = setTimeout(() => void look(), LOOK_EVERY_MS);
    return () => {
      ended = true;
      clearTimeout(timer);
    };
  }, [action, drawn, router]);

  return null;
}
