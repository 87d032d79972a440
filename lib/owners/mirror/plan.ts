/**
 * What one sync of a company does, decided from its state. Pure.
 *
 * - full: every record, resumable page by page; always first, until a full sync has ended once.
 * - incremental: what changed since the cursors.
 * - reconcile: delete what the service no longer lists; at most daily on its own ('auto'), or on demand, and right
 *   after a "full" resync: the resync leaves the copy as the service lists it. Deleting only ids the service's own
 *   list of ids leaves out (never rows a pass merely did not write) keeps a record that paging by Skip passed over,
 *   when another was deleted during the pass, from being taken out of the copy.
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
  if (state.fullSyncedAt === null) return ['full'];
  if (mode === 'full') return ['full', 'reconcile'];
  if (mode === 'incremental') return ['incremental'];
  if (mode === 'reconcile') return ['reconcile'];
  const reconcileDue =
    state.reconciledAt === null || now.getTime() - state.reconciledAt.getTime() >= RECONCILE_EVERY_MS;
  return reconcileDue ? ['incremental', 'reconcile'] : ['incremental'];
}
