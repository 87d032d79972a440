import { Writable } from 'node:stream';

/**
 * Every log line the add-on writes during a test file is captured here (tests/support/setup.ts routes the
 * logger to it), and every secret a test hands out is remembered, so the suite can prove that no secret ever
 * reached a log.
 */
export const capturedLogLines: string[] = [];
const secrets = new Set<string>();

export const logCapture = new Writable({
  write(chunk, _encoding, done) {
    capturedLogLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

/** Marks a value (API key, JWT, launch code, access token, cookie) that must never appear in a log line. */
export function rememberSecret<T extends string>(value: T): T {
  if (value.length >= 8) secrets.add(value);
  return value;
}

/** Every secret remembered so far (to look for them in other outputs than the log: metrics, pages). */
export function rememberedSecrets(): string[] {
  return [...secrets];
}

export function leakedSecrets(): string[] {
  return [...secrets].filter((secret) => capturedLogLines.some((line) => line.includes(secret)));
}
