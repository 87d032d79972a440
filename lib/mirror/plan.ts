/**
 * What one sync of a company does, decided from its state. Pure.
 *
 * - full: every record, resumable page by page; always first, until a full sync has ended once.
 * - incremental: what changed since the cursors.
 * - reconcile: delete what the service no longer lists; at most daily on its own ('auto'), or on demand.
 */
export type SyncMode = 'auto' | 'full' | 'incremental' | 'reconcile';
export type SyncStep = 'full' | 'incremental' | 'reconcile';

export const RECONCILE_EVERY_MS = 24 * 3_600_000;

export function planSync(
  mode: SyncMode,
  state: { fullSyncedAt: Date | null; reconciledAt: Date | null },
  now: Date,
): SyncStep[] {
  // Until the first full sync has ended, nothing else is worth doing: pages do not read the mirror yet.
  if (mode === 'full' || state.fullSyncedAt === null) return ['full'];
  if (mode === 'incremental') return ['incremental'];
  if (mode === 'reconcile') return ['reconcile'];
  const reconcileDue =
    state.reconciledAt === null || now.getTime() - state.reconciledAt.getTime() >= RECONCILE_EVERY_MS;
  return reconcileDue ? ['incremental', 'reconcile'] : ['incremental'];
}
