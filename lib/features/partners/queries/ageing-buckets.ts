/** Not yet due (or without a due date: never late), then days overdue 1–30, 31–60, 61–90, more than 90. */
export const AGEING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
