/**
 * What the console's components are handed besides its pages' rows: the audit's vocabulary (for the filter) and a
 * wait of the data-API budget. The owners keep them (lib/owners/audit/, lib/owners/ops/); components take them from
 * here, never from an owner.
 */
export { AUDIT_ACTIONS, AUDIT_RESULTS } from '@/lib/owners/audit/vocabulary';
export type { BudgetWait } from '@/lib/owners/ops/data-api-usage';
