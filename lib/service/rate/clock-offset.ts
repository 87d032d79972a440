/**
 * How far the budget's clock (PostgreSQL's, shared by every instance) is ahead of this process's, at most. A grant to
 * go now is stamped by the budget's clock at some moment after the transport asked for it, so `grantedAt - askedAt`
 * bounds the offset from above; the fastest recent grant bounds it tightest. A departure read on this process's clock
 * plus that bound is never earlier, on the budget's clock, than the call really left, and is later by no more than
 * the fastest grant's round trip, where counting from the call's own request (its whole transaction, and the wait
 * for a connection, on a loaded host tens of milliseconds a call) cost rate every time.
 */
export type ClockOffset = {
  /** Notes a grant to go now: asked for at `askedAt` (this process's clock), stamped `grantedAt` by the budget. */
  note(askedAt: number, grantedAt: number, now: number): void;
  /** The tightest bound of the offset among recent grants; none yet: `fallback` (the call's own grant's). */
  bound(now: number, fallback: number): number;
};

/** Bounds older than this are forgotten, so a clock that moves (stepped by NTP) misleads for this long at most. */
export const OFFSET_MEMORY_MS = 60_000;

export function createClockOffset(memoryMs = OFFSET_MEMORY_MS): ClockOffset {
  let samples: { at: number; offset: number }[] = [];
  return {
    note(askedAt, grantedAt, now) {
      samples = samples.filter((sample) => sample.at > now - memoryMs && sample.at <= now);
      samples.push({ at: now, offset: grantedAt - askedAt });
      // Only the tightest bounds matter: a sample later and tighter than another makes the other useless.
      samples = samples.filter((sample, i) => samples.slice(i + 1).every((later) => later.offset > sample.offset));
    },
    bound(now, fallback) {
      const recent = samples.filter((sample) => sample.at > now - memoryMs && sample.at <= now);
      return Math.min(fallback, ...recent.map((sample) => sample.offset));
    },
  };
}
