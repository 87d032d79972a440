/**
 * The per-token schedule, as pure functions: a call planned for a slot confirms it when it wakes, against the calls
 * already due. (The service allows 3 calls in any second; every window has the 150 ms arrival margin.)
 */
import { describe, expect, it } from 'vitest';

import {
  afterSpentWindow,
  confirmIn,
  departedIn,
  DEPARTURE_GRACE_MS,
  PAGE_PLAN_GRACE_MS,
  type Priority,
  reserveIn,
  type ScheduleState,
  serviceRules,
} from '@/lib/service/rate/slots';

const state = (slots: number[], pausedUntil = 0, pagePlans: number[] = [], pending: number[] = []): ScheduleState => ({
  pending,
  slots,
  pagePlans,
  pausedUntil,
});

/** A call granted at `now` that leaves at once, reporting so. */
function goNow(log: ScheduleState, now: number, priority: Priority = 'page'): ScheduleState {
  const { reservation, next } = reserveIn(log, now, 10_000, serviceRules, priority);
  if (!reservation.granted || reservation.waitMs !== 0) throw new Error('not granted now');
  return departedIn(next!, reservation.at, 0, now).next!;
}

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
    for (let i = 0; i < 3; i += 1) log = goNow(log, 0, 'background');
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
    for (let i = 0; i < 3; i += 1) log = goNow(log, 0);
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

describe('counting from when a call leaves, not from its grant', () => {
  it('counts a call granted but not yet gone as leaving at every moment: the next ones are spaced from now', () => {
    let log = state([]);
    for (let i = 0; i < 3; i += 1) log = reserveIn(log, 0, 10_000, serviceRules).next!;
    expect(log.pending).toEqual([0, 0, 0]);
    // At 400 none of the three has reported leaving: any of them may be leaving right now.
    expect(reserveIn(log, 400, 10_000, serviceRules).reservation).toEqual({ granted: true, waitMs: 1_150, at: 1_550 });
  });

  it('puts the departure in the grant’s place, so a call planned on the grant waits for a second after it', () => {
    let log = state([]);
    const grants = [];
    for (let i = 0; i < 3; i += 1) {
      const { reservation, next } = reserveIn(log, 0, 10_000, serviceRules);
      grants.push(reservation);
      log = next!;
    }
    const fourth = reserveIn(log, 0, 10_000, serviceRules);
    expect(fourth.reservation).toEqual({ granted: true, waitMs: 1_150, at: 1_150 });
    log = fourth.next!;
    // The three leave 400 ms late (a starved event loop) and say so.
    for (const grant of grants) {
      const departed = departedIn(log, grant.granted ? grant.at : -1, 400, 400);
      expect(departed.departedAt).toBe(400);
      log = departed.next!;
    }
    expect(log.slots).toEqual([400, 400, 400, 1_150]);
    expect(log.pending).toEqual([]);
    // The 4th wakes at 1 150: it goes a second and the margin after the others left, not after their grant.
    expect(confirmIn(log, 1_150, 1_150, 10_000, serviceRules).reservation).toEqual({
      granted: true,
      waitMs: 400,
      at: 1_550,
    });
  });

  it('records a departure no earlier than the grant and no later than the report', () => {
    const log = reserveIn(state([]), 100, 10_000, serviceRules).next!;
    expect(departedIn(log, 100, 900, 300).departedAt).toBe(300);
    expect(departedIn(log, 100, -50, 300).departedAt).toBe(100);
  });

  it('gives the slot back when the call did not go', () => {
    const log = reserveIn(state([]), 0, 10_000, serviceRules).next!;
    const { next } = departedIn(log, 0, null, 10);
    expect(next!.slots).toEqual([]);
    expect(next!.pending).toEqual([]);
  });

  it('counts a departure never reported as the grace late at most', () => {
    let log = state([]);
    for (let i = 0; i < 3; i += 1) log = reserveIn(log, 0, 10_000, serviceRules).next!;
    const later = DEPARTURE_GRACE_MS + 1_000;
    expect(reserveIn(log, later, 10_000, serviceRules).reservation).toEqual({
      granted: true,
      waitMs: 150,
      at: DEPARTURE_GRACE_MS + 1_150,
    });
  });
});
