import 'server-only';

/**
 * Errors that come out of a query. Drizzle wraps every driver error in a DrizzleQueryError whose message carries
 * the SQL *and its parameters* (session ids, user ids), so such an error must never be logged or rethrown as is.
 */

type DriverError = { code: string; table?: string; constraint?: string };

/** The driver's own error in a thrown error or its causes: the one with a string `code` (SQLSTATE or errno). */
export function driverErrorOf(error: unknown): DriverError | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (typeof (current as { code?: unknown }).code === 'string') return current as DriverError;
  }
  return undefined;
}

// Connection-level failures of PostgreSQL or the network: the database cannot be reached (503, not 500).
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P03',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = driverErrorOf(error)?.code;
  return code !== undefined && (unavailableCodes.has(code) || code.startsWith('08'));
}

/** A database failure stripped of everything but the driver's code and the names it gives. */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  readonly code: string | undefined;
  constructor(source: unknown) {
    const driver = driverErrorOf(source);
    super(`Database query failed (${driver?.code ?? 'no code'}${driver?.table ? ` on ${driver.table}` : ''}).`);
    this.code = driver?.code;
  }
}

/**
 * Runs database work for a page. Route handlers describe errors themselves (lib/doors/http/handle.ts); a page's error
 * goes to Next's error log as it is, so there it is replaced by a DatabaseError first.
 */
export async function forPage<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new DatabaseError(error);
  }
}
