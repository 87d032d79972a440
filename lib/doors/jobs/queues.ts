import 'server-only';
import { pruneQueue } from '@/lib/features/upkeep/prune';
import type { QueueDefinition } from '@/lib/platform/jobs/queue';
import { mirrorJournalsQueue, mirrorSyncQueue, mirrorTickQueue } from '@/lib/owners/mirror/jobs';

/** Every queue of the add-on: created (with its policy and schedule) and worked on when the jobs start. */
export const applicationQueues: readonly QueueDefinition[] = [
  pruneQueue,
  mirrorSyncQueue,
  mirrorJournalsQueue,
  mirrorTickQueue,
];
