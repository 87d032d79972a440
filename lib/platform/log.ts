import 'server-only';

import pino, { type DestinationStream, type Logger } from 'pino';

import { driverErrorOf } from '@/lib/platform/db-errors';
import { getEnv } from '@/lib/platform/env';

/**
 * JSON logs. Callers log outcomes, reason codes and fingerprints, never a secret; the redaction below is the
 * second line of defence should a secret-carrying object ever be passed in by mistake.
 */
const redactedPaths = [
  'token',
  'jwt',
  'code',
  'launchCode',
  'accessToken',
  'apiKey',
  'cookie',
  'password',
  'state',
  'secret',
  'webhookSecret',
  'webHookSecret',
  'signature',
  '*.token',
  '*.state',
  '*.secret',
  '*.webhookSecret',
  '*.webHookSecret',
  '*.signature',
  '*.jwt',
  '*.code',
  '*.launchCode',
  '*.accessToken',
  '*.apiKey',
  '*.cookie',
  'tokens[*].accessToken',
  'headers.cookie',
  'headers.authorization',
  'headers["x-plugin-api-key"]',
  'headers["set-cookie"]',
];

let destination: DestinationStream | undefined;
let instance: Logger | undefined;

export function getLogger(): Logger {
  instance ??= pino(
    {
      level: getEnv().logLevel,
      base: { service: 'kros-addon' },
      redact: { paths: redactedPaths, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
  return instance;
}

/** Tests capture every line written during the suite to check that no secret ever reaches a log. */
export function setLogDestination(stream: DestinationStream, level?: string) {
  destination = stream;
  instance = undefined;
  if (level) getLogger().level = level;
}

/**
 * What a log line may say about a thrown error: for a database error only the driver's code and the table and
 * constraint it names (lib/platform/db-errors.ts says why); our own errors say nothing secret. (`sqlState`, not `code`:
 * the redaction above blanks every `code`.)
 */
export function describeError(error: unknown): Record<string, string | undefined> {
  // Some libraries leave `name` as 'Error'; the class says more.
  const name = error instanceof Error ? (error.name !== 'Error' ? error.name : error.constructor.name) : typeof error;
  const driver = driverErrorOf(error);
  if (driver) return { name, sqlState: driver.code, table: driver.table, constraint: driver.constraint };
  if (error instanceof Error && error.cause !== undefined) return { name };
  return { name, message: error instanceof Error ? error.message : undefined };
}

/** Fields of the one log line a request writes. Only outcomes, counts and fingerprints: never a secret. */
export type RequestLog = { reason?: string } & Record<string, string | number | boolean | string[] | undefined>;
