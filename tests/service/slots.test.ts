/**
 * The per-token schedule, as pure functions: a call planned for a slot confirms it when it wakes, against the calls
 * already due. (The service allows 3 calls in any second; every window has the 100 ms arrival margin.)
 */
import { describe, expect, it } from 'vitest';
import { confirmIn, reserveIn, serviceRules } from '@/lib/service/rate/slots';

const state = (slots: number[], pausedUntil = 0) => ({ slots, pausedUntil });

describe('planning a slot', () => {
  it('lets three calls go at once, then plans the fourth a second and the margin after the first', () => {
    let log = state([]);
    const waits = [];
    for (let i = 0; i < 4; i += 1) {
      const { reservation, slots } = reserveIn(log, 0, 10_000, serviceRules);
      waits.push(reservation.waitMs);
      log = state(slots!);
    }
    expect(waits).toEqual([0, 0, 0, 1_100]);
  });
});

describe('confirming a slot on waking', () => {
  it('sends a late call at once when the calls already due leave room, whatever was planned after it', () => {
    const { reservation, slots } = confirmIn(
      state([0, 0, 0, 1_100, 2_200, 2_200, 2_200]),
      1_100,
      1_500,
      10_000,
      serviceRules,
    );
    expect(reservation).toEqual({ granted: true, waitMs: 0, at: 1_500 });
    expect(slots).toEqual([0, 0, 0, 1_500, 2_200, 2_200, 2_200]);
  });

  it('plans a call again, in place of its old slot, while the calls already due still fill a window', () => {
    const { reservation, slots } = confirmIn(state([1_000, 1_000, 1_000, 1_050]), 1_050, 1_050, 10_000, serviceRules);
    expect(reservation).toEqual({ granted: true, waitMs: 1_050, at: 2_100 });
    expect(slots).toEqual([1_000, 1_000, 1_000, 2_100]);
  });

  it('holds a call through a pause set while it waited', () => {
    const { reservation } = confirmIn(state([0, 1_200], 5_000), 1_200, 1_200, 10_000, serviceRules);
    expect(reservation).toEqual({ granted: true, waitMs: 3_800, at: 5_000 });
  });

  it('refuses a call whose next chance is further away than it may wait, giving its slot back', () => {
    const { reservation, slots } = confirmIn(state([0, 1_200], 60_000), 1_200, 1_200, 10_000, serviceRules);
    expect(reservation.granted).toBe(false);
    expect(slots).toEqual([0]);
  });
});
