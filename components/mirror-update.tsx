'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, useTransition } from 'react';

/** How often a page that says "updating…" asks whether the update has ended. */
const LOOK_EVERY_MS = 2_000;

/**
 * "Update now" and what follows it, beside the copy's freshness (a list's or the overview's). The button is a plain
 * form (POST /companies/{id}/sync, back to this page), so it works without script; with script it says "updating…"
 * the moment it is pressed. While the page says a sync is under way (`updating`: its job waits or runs), this asks
 * the same address (GET: one small JSON, no figures) every few seconds and, once the sync has ended, has the page
 * drawn again in place (router.refresh: no reload, the frame keeps its address); the new drawing, no longer saying
 * "updating…", ends the watching. An answer other than 200 (signed out, the database away) ends it too.
 */
export function MirrorUpdate({
  action,
  back,
  updating,
  showButton,
  labels,
}: {
  action: string;
  back: string;
  updating: boolean;
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
      {inBrowser && updating && <SyncWatcher action={action} />}
      {showButton && (
        <form method="post" action={action} onSubmit={() => setAsked(true)}>
          <input type="hidden" name="back" value={back} />
          <button
            type="submit"
            aria-disabled={asked}
            className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-progress aria-disabled:text-slate-500"
          >
            {asked ? labels.syncing : labels.refresh}
          </button>
        </form>
      )}
    </>
  );
}

const noSubscription = () => () => undefined;

/** Asks `action` (GET) every few seconds whether the update goes on; once it has ended, the page is drawn again. */
function SyncWatcher({ action }: { action: string }) {
  const router = useRouter();
  const [, startTransition] = useTransition();

  useEffect(() => {
    let ended = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One drawing per update that ended: after one, another only once an update was seen under way again (a page
    // drawn while a new one was asked keeps this watcher, which must not draw it again and again).
    let underWay = true;
    const look = async () => {
      try {
        const response = await fetch(action, { headers: { accept: 'application/json' }, cache: 'no-store' });
        if (ended || !response.ok) return;
        const answer = (await response.json()) as { updating?: unknown };
        if (ended) return;
        if (answer.updating === true) underWay = true;
        else if (underWay) {
          underWay = false;
          startTransition(() => router.refresh());
        }
      } catch {
        // Offline or the add-on restarting: the page's own links and button still work.
        return;
      }
      timer = setTimeout(() => void look(), LOOK_EVERY_MS);
    };
    timer = setTimeout(() => void look(), LOOK_EVERY_MS);
    return () => {
      ended = true;
      clearTimeout(timer);
    };
  }, [action, router]);

  return null;
}
