import 'server-only';

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Outside production, a session secret and an encryption key are generated on first use and kept in
 * `.data/development-secrets.json`, so sessions and stored tokens survive restarts of `npm run dev`.
 * Never used in production (lib/platform/env.ts requires real values there).
 */
const file = path.join(process.cwd(), '.data', 'development-secrets.json');

type DevelopmentSecrets = {
  sessionSecrets: string[];
  encryptionKeys: { id: string; key: Buffer }[];
};

let cached: DevelopmentSecrets | undefined;

export function developmentSecrets(): DevelopmentSecrets {
  if (cached) return cached;
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const fresh = {
      sessionSecret: randomBytes(32).toString('base64url'),
      encryptionKey: randomBytes(32).toString('base64'),
    };
    // `wx` fails if another process won the race; then its file is read below.
    try {
      writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    } catch {}
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { sessionSecret: string; encryptionKey: string };
  cached = {
    sessionSecrets: [stored.sessionSecret],
    encryptionKeys: [{ id: 'dev', key: Buffer.from(stored.encryptionKey, 'base64') }],
  };
  return cached;
}
