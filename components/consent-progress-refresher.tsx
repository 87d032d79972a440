'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';

/**
 * Keeps the consent's progress page current: while the attempt is pending it asks the server to render the page again
 * every few seconds (each render advances the poll by at most one step), and stops once the page says it is finished.
 * A refresh still under way is not stacked with another. No secrets here: only whether to go on.
 */
export function ConsentProgressRefresher({ active, intervalMs = 3_000 }: { active: boolean; intervalMs?: number }) {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const busy = useRef(false);
  useEffect(() => {
    busy.current = refreshing;
  }, [refreshing]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (!busy.current) startTransition(() => router.refresh());
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, router]);

  return null;
}
