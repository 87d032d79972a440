/**
 * The company's copy (the mirror) as the pages and components show it: its state, whether it serves a kind yet,
 * whether an update is under way. The mirror's owner keeps it (lib/owners/mirror/); components take these types and
 * rules from here, never from the owner. Pure (no database): a page reads the state through `copyStatusOf`
 * (./read.ts) with its door's `read`.
 */
export { type MirrorStatus, readinessOf, syncStateKey, watchesSync } from '@/lib/owners/mirror/readiness';
