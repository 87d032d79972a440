/**
 * Poll-mode consents, kept under their `state` as interface.md "Subscription poll status" describes: Pending until
 * the user approves, Approved (with the tokens) for 15 minutes after approval, Expired after that, and Denied once a
 * state has been polled more than the limit while still Pending. Everything lives in memory, on the sandbox's clock.
 */
export type PollStatus = 'Pending' | 'Approved' | 'Denied' | 'Expired';

/** One company of an Approved answer, in the poll response's own spelling (`webHookSecret`, capital H). */
export interface PollCompany {
  companyId: number;
  companyName: string;
  token: string;
  webHookSecret?: string;
}

export interface PollAnswer {
  status: PollStatus;
  companies: PollCompany[];
}

/** "The service stores tokens for 15 minutes under the state." */
export const CONSENT_RETENTION_MS = 15 * 60_000;
/**
 * Polls a Pending state may receive before it turns Denied (the interface's "poll limit exceeded" row; its value is
 * not published, 120 is the sandbox's). At the client's 3 per second that is 40 s of hammering; a client polling every
 * 5 s for its 15 minutes makes 180 polls, so a client that polls that often sees Denied too.
 */
export const POLL_LIMIT = 120;
/**
 * How long a state is still remembered after nothing more can happen to it (tokens expired, or no poll for a while),
 * so an Expired or Denied answer stays stable for a client that polls late, yet memory does not grow for ever.
 */
export const FORGET_AFTER_MS = 60 * 60_000;

interface Entry {
  approvedAt?: number;
  /** Dropped as soon as the window has passed: an expired consent's tokens are no longer kept. */
  companies?: PollCompany[];
  pendingPolls: number;
  denied: boolean;
  lastSeenAt: number;
}

export interface ConsentStore {
  /** Stores an approval's companies under the state, as approved at `approvedAt` (epoch ms). */
  approve(state: string, companies: readonly PollCompany[], approvedAt: number): void;
  /** One poll: counts towards the poll limit while the state is Pending. */
  poll(state: string): PollAnswer;
  /** The status a poll would answer now, without counting as a poll. */
  peek(state: string): PollStatus;
}

const copy = (companies: readonly PollCompany[]) => companies.map((c) => ({ ...c }));

export function createConsentStore(now: () => number): ConsentStore {
  const entries = new Map<string, Entry>();

  function sweep(t: number): void {
    for (const [state, entry] of entries) {
      const expired = entry.approvedAt !== undefined && t - entry.approvedAt >= CONSENT_RETENTION_MS;
      if (expired) entry.companies = undefined;
      const quietSince =
        entry.approvedAt !== undefined
          ? Math.max(entry.approvedAt + CONSENT_RETENTION_MS, entry.lastSeenAt)
          : entry.lastSeenAt;
      if ((expired || entry.approvedAt === undefined) && t - quietSince >= FORGET_AFTER_MS) entries.delete(state);
    }
  }

  function statusOf(entry: Entry | undefined, t: number): PollStatus {
    if (!entry) return 'Pending';
    if (entry.denied) return 'Denied';
    if (entry.approvedAt === undefined) return 'Pending';
    return t - entry.approvedAt < CONSENT_RETENTION_MS ? 'Approved' : 'Expired';
  }

  return {
    approve(state, companies, approvedAt) {
      const t = now();
      const entry = entries.get(state) ?? { pendingPolls: 0, denied: false, lastSeenAt: t };
      // A second approval under the same state replaces the first; the first one's connections stay valid, as a
      // repeated consent's do in the service.
      entry.approvedAt = approvedAt;
      entry.companies = copy(companies);
      entry.lastSeenAt = t;
      entries.set(state, entry);
      sweep(t);
    },
    poll(state) {
      const t = now();
      sweep(t);
      let entry = entries.get(state);
      let status = statusOf(entry, t);
      if (status === 'Pending') {
        if (!entry) entries.set(state, (entry = { pendingPolls: 0, denied: false, lastSeenAt: t }));
        entry.pendingPolls += 1;
        if (entry.pendingPolls > POLL_LIMIT) entry.denied = true;
        status = statusOf(entry, t);
      }
      if (entry) entry.lastSeenAt = t;
      return { status, companies: status === 'Approved' ? copy(entry?.companies ?? []) : [] };
    },
    peek(state) {
      const t = now();
      sweep(t);
      return statusOf(entries.get(state), t);
    },
  };
}
