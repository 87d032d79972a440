import 'server-only';
import type { Reservation } from './slots';

/**
 * Where a token's schedule lives. In-process on the embedded database (one process by construction); in
 * PostgreSQL when DATABASE_URL is set, so every instance of the add-on draws from the same budget.
 * Keys are fingerprints of tokens, never tokens.
 */
export interface RateBudget {
  /** Reserves the earliest allowed send time and says how long to wait for it; refuses beyond `maxWaitMs`. */
  reserve(key: string, maxWaitMs: number): Promise<Reservation>;
  /**
   * For a call woken for its planned slot `plannedAt`: grants now (`waitMs` 0) when every window holds against the
   * slots already due, else plans it again at the earliest time they allow (refused beyond `maxWaitMs`).
   */
  confirm(key: string, plannedAt: number, maxWaitMs: number): Promise<Reservation>;
  /** Holds every call of the token for `forMs` from now (a 429, or no requests left in the service's window). */
  pause(key: string, forMs: number): Promise<void>;
}
