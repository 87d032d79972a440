/**
 * The per-token schedule, as pure functions: a call planned for a slot confirms it when it wakes, against the calls
 * already due. (The service allows 3 calls in any second; every window has the 150 ms arrival margin.)
 */
import { describe, expect, it } from 'vitest';

import {
  afterSpentWindow,
  confirmIn,
  PAGE_PLAN_GRACE_MS,
  reserveIn,
  type ScheduleState,
  serviceRules,
} from '@/lib/service/rate/slots';

const state = (slots: number[], pausedUntil = 0, pagePlans: number[] = []): ScheduleState => ({
  slots,
  pagePlans,
  pausedUntil,
});

describe('planning a slot', () => {
  it('lets three calls go at once, then plans the fourth a second and the margin after the first', () => {
    let log = state([]);
    const waits = [];
    for (let i = 0; i < 4; i += 1) {
      const { reservation, next } = reserveIn(log, 0, 10_000, serviceRules);
      waits.push(reservation.waitMs);
      log = next!;
    }
    expect(waits).toEqual([0, 0, 0, 1_150]);
  });

  it('sustains three calls every 1 150 ms: 30 calls asked for at once leave within 10.35 s, never 4 in a second', () => {
    let log = state([]);
    const sendTimes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const { reservation, next } = reserveIn(log, 0, 60_000, serviceRules);
      if (!reservation.granted) throw new Error('refused');
      sendTimes.push(reservation.at);
      log = next!;
    }
    expect(sendTimes.at(-1)).toBe(9 * 1_150);
    expect((sendTimes.length - 1) / (sendTimes.at(-1)! / 1_000)).toBeGreaterThanOrEqual(2.5);
    for (let i = 3; i < sendTimes.length; i += 1)
      expect(sendTimes[i]! - sendTimes[i - 3]!).toBeGreaterThanOrEqual(1_000);
  });
});

describe('confirming a slot on waking', () => {
  it('sends a late call at once when the calls already due leave room, whatever was planned after it', () => {
    const { reservation, next } = confirmIn(
      state([0, 0, 0, 1_150, 2_300, 2_300, 2_300]),
      1_150,
      1_500,
      10_000,
      serviceRules,
    );
    expect(reservation).toEqual({ granted: true, waitMs: 0, at: 1_500 });
    expect(next.slots).toEqual([0, 0, 0, 1_500, 2_300, 2_300, 2_300]);
  });

  it('plans a call again, in place of its old slot, while the calls already due still fill a window', () => {
    const { reservation, next } = confirmIn(state([1_000, 1_000, 1_000, 1_050]), 1_050, 1_050, 10_000, serviceRules);
    expect(reservation).toEqual({ granted: true, waitMs: 1_100, at: 2_150 });
    expect(next.slots).toEqual([1_000, 1_000, 1_000, 2_150]);
  });

  it('holds a call through a pause set while it waited', () => {
    const { reservation } = confirmIn(state([0, 1_200], 5_000), 1_200, 1_200, 10_000, serviceRules);
    expect(reservation).toEqual({ granted: true, waitMs: 3_800, at: 5_000 });
  });

  it('refuses a call whose next chance is further away than it may wait, giving its slot back', () => {
    const { reservation, next } = confirmIn(state([0, 1_200], 60_000), 1_200, 1_200, 10_000, serviceRules);
    expect(reservation.granted).toBe(false);
    expect(next.slots).toEqual([0]);
  });
});

describe('page calls before background calls', () => {
  it('plans a page call at the earliest slot although background calls were waiting for it, and they yield', () => {
    // Three background calls went at 0; a fourth asks at 500 and is told to come back at 1 150, holding nothing.
    let log = state([]);
    for (let i = 0; i < 3; i += 1) log = reserveIn(log, 0, 10_000, serviceRules, 'background').next!;
    const background = reserveIn(log, 500, 10_000, serviceRules, 'background');
    expect(background).toEqual({ reservation: { granted: true, waitMs: 650, at: 1_150 }, next: null });

    // A page call asks at 600: it gets 1 150, the first slot free, and holds it as a plan.
    const page = reserveIn(log, 600, 10_000, serviceRules, 'page');
    expect(page.reservation).toEqual({ granted: true, waitMs: 550, at: 1_150 });
    log = page.next!;
    expect(log.pagePlans).toEqual([1_150]);

    // At 1 150 the background call wakes first: the page call is waiting, so it yields although a window has room.
    const yielded = reserveIn(log, 1_150, 10_000, serviceRules, 'background');
    expect(yielded.reservation).toMatchObject({ granted: true });
    expect(yielded.reservation.waitMs).toBeGreaterThan(0);
    expect(yielded.next).toBeNull();

    // The page call confirms and goes; the background call, asking again, goes next.
    const confirmed = confirmIn(log, 1_150, 1_150, 10_000, serviceRules);
    expect(confirmed.reservation).toEqual({ granted: true, waitMs: 0, at: 1_150 });
    expect(confirmed.next.pagePlans).toEqual([]);
    const after = reserveIn(confirmed.next, 1_175, 10_000, serviceRules, 'background');
    expect(after.reservation).toEqual({ granted: true, waitMs: 0, at: 1_175 });
    expect(after.next!.slots).toEqual([0, 0, 0, 1_150, 1_175]);
  });

  it('keeps a background call back while any page call waits, even with room in every window', () => {
    const waitingPage = state([0, 3_000], 0, [3_000]);
    const { reservation, next } = reserveIn(waitingPage, 500, 10_000, serviceRules, 'background');
    expect(reservation).toEqual({ granted: true, waitMs: 2_500, at: 3_000 });
    expect(next).toBeNull();
  });

  it('never plans a page call behind background calls: they hold no slots while they wait', () => {
    let log = state([0, 0, 0]);
    for (let i = 0; i < 5; i += 1) log = reserveIn(log, 100, 10_000, serviceRules, 'background').next ?? log;
    expect(log.slots).toEqual([0, 0, 0]);
    expect(reserveIn(log, 100, 10_000, serviceRules, 'page').reservation).toEqual({
      granted: true,
      waitMs: 1_050,
      at: 1_150,
    });
  });

  it('stops yielding to a page plan left unconfirmed longer than the grace (its call is gone)', () => {
    const abandoned = state([0, 1_000], 0, [1_000]);
    const now = 1_000 + PAGE_PLAN_GRACE_MS + 1;
    const { reservation, next } = reserveIn(abandoned, now, 10_000, serviceRules, 'background');
    expect(reservation).toEqual({ granted: true, waitMs: 0, at: now });
    expect(next!.pagePlans).toEqual([]);
    expect(next!.slots).toEqual([0, 1_000, now]);
  });
});

describe('a service that answers "no requests left"', () => {
  it('needs no pause when our own three calls of the last second spent the window: the fourth leaves at 1 150 ms', () => {
    let log = state([]);
    for (let i = 0; i < 3; i += 1) log = reserveIn(log, 0, 10_000, serviceRules).next!;
    // The third answer says 0 left until the next whole second, up to 2 s away.
    const spent = afterSpentWindow(log, 0, 20, 1_980, serviceRules);
    expect(spent.paused).toBe(false);
    expect(reserveIn(spent.next, 20, 10_000, serviceRules).reservation).toEqual({
      granted: true,
      waitMs: 1_130,
      at: 1_150,
    });
  });

  it('pauses the token until the reset when the service counts calls our log does not hold', () => {
    const log = reserveIn(state([]), 0, 10_000, serviceRules).next!;
    const spent = afterSpentWindow(log, 0, 20, 1_980, serviceRules);
    expect(spent.paused).toBe(true);
    expect(spent.next.pausedUntil).toBe(2_000);
    expect(reserveIn(spent.next, 20, 10_000, serviceRules).reservation).toEqual({
      granted: true,
      waitMs: 1_980,
      at: 2_000,
    });
  });
});
