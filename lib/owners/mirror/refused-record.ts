import 'server-only';

import { isRecordRefusal } from '@/lib/platform/db/storable';
import { driverErrorOf } from '@/lib/platform/db-errors';
import { getLogger } from '@/lib/platform/log';

import type { MirrorCompany } from './company';
import type { SyncedKind } from './kinds';

/**
 * A write of one record failed: when the database refused what the record holds (isRecordRefusal), the record is
 * skipped and logged by its kind, id and SQLSTATE (never what it holds), so one record cannot stop the company's
 * copy; any other failure is thrown on.
 */
export function skipRefusedRecord(error: unknown, company: MirrorCompany, kind: SyncedKind, id: string): void {
  if (!isRecordRefusal(error)) throw error;
  getLogger().warn(
    { tenantId: company.tenantId, kind, id, sqlState: driverErrorOf(error)?.code },
    'mirror record skipped: the database refused it',
  );
}
