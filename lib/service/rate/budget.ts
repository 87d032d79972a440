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
  /** Holds every call of the token for `forMs` from now (a 429, or no requests left in the service's window). */
  pause(key: string, forMs: number): Promise<void>;
  /**
   * How much of a pause is left. Checked by a call after it waited for its slot: a pause set meanwhile (a 429 to
   * another call, in any instance) sends it back to the queue instead of out into the pause.
   */
  pausedFor(key: string): Promise<number>;
}
