import { describe, expect, it } from 'vitest';

import { createClockOffset, OFFSET_MEMORY_MS } from '@/lib/service/rate/clock-offset';

describe('the bound of the budget clock’s offset', () => {
  it('is the tightest of the recent grants, and the call’s own when it is tighter still', () => {
    const offset = createClockOffset();
    offset.note(1_000, 11_040, 1_050);
    offset.note(2_000, 12_003, 2_010);
    offset.note(3_000, 13_060, 3_070);

    expect(offset.bound(3_100, 10_060)).toBe(10_003);
    expect(offset.bound(3_100, 10_001)).toBe(10_001);
  });

  it('forgets a grant older than its memory, so a clock stepped since misleads for that long at most', () => {
    const offset = createClockOffset();
    offset.note(1_000, 11_002, 1_010);
    offset.note(2_000, 12_030, 2_040);

    expect(offset.bound(1_010 + OFFSET_MEMORY_MS - 1, 99_999)).toBe(10_002);
    expect(offset.bound(1_010 + OFFSET_MEMORY_MS + 1, 99_999)).toBe(10_030);
    expect(offset.bound(2_040 + OFFSET_MEMORY_MS + 1, 10_050)).toBe(10_050);
  });
});
