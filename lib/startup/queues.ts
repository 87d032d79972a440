import 'server-only';

import { pruneQueue } from '@/lib/features/upkeep/prune';
import { importCheckQueue, importSendQueue, importTickQueue } from '@/lib/owners/imports/jobs';
import { mirrorJournalsQueue, mirrorSyncQueue, mirrorTickQueue } from '@/lib/owners/mirror/jobs';
import type { QueueDefinition } from '@/lib/platform/jobs/queue';

/** Every queue of the add-on: created (with its policy and schedule) and worked on when the jobs start. */
export const applicationQueues: readonly QueueDefinition[] = [
  pruneQueue,
  mirrorSyncQueue,
  mirrorJournalsQueue,
  mirrorTickQueue,
  importSendQueue,
  importCheckQueue,
  importTickQueue,
];
