import 'server-only';

import { openSecret, sealSecret, type VaultKey } from './vault';

/** Opens a sealed value under its old key and seals it again under the current one, in the same context. */
export function reseal(sealed: string, keyId: string, context: readonly string[], keys: readonly VaultKey[]): string {
  return sealSecret(openSecret({ keyId, sealed }, context, keys), context, keys).sealed;
}
