import 'server-only';

export const LAUNCH_CODE_LIFETIME_SECONDS = 30;

/** The shape of a code we mint (48 random bytes, base64url). Checked before the database is touched. */
export const isLaunchCodeShaped = (code: unknown): code is string =>
  typeof code === 'string' && /^[A-Za-z0-9_-]{64}$/.test(code);
