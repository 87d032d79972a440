import 'server-only';

import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  type FetchImplementation,
  type FlattenedJWSInput,
  type JSONWebKeySet,
  jwksCache,
  type JWSHeaderParameters,
} from 'jose';

import type { Answer, Answerable } from '@/lib/base/errors';

/**
 * The broker's key set, fetched from BROKER_JWKS_URL by jose's remote key set: created once per address, cached
 * for `maxAge`, refetched early on an unknown `kid` at most once per `cooldown`, each fetch cut off after
 * `timeout`.
 *
 * When the key host is down after the cache has aged, the last good set keeps serving for a bounded `staleGrace`
 * (so a short outage of the key host does not stop every launch), and no new fetch is tried for `cooldown`
 * after a failure (so an outage does not add a fetch timeout to every launch). Past the grace, or with no set
 * ever fetched, verification fails with KeySetUnavailable (→ 503). The grace is bounded because a key that
 * the broker withdrew keeps being accepted during it.
 */

export type KeySetOptions = {
  timeout: number;
  cooldown: number;
  maxAge: number;
  staleGrace: number;
  fetch?: FetchImplementation;
};

export const defaultKeySetOptions: KeySetOptions = {
  timeout: 3_000,
  cooldown: 30_000,
  maxAge: 10 * 60_000,
  staleGrace: 60 * 60_000,
};

/** The gateway's key set could not be fetched: the launch cannot be checked now, which is no fault of the caller. */
export class KeySetUnavailable extends Error implements Answerable {
  override name = 'KeySetUnavailable';
  readonly answer: Answer = { code: 'unavailable', reason: 'key_set_unavailable' };
}

export type KeyResolver = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;

// Errors that mean "the set was fetched and holds no such key", as opposed to "the set could not be fetched".
const isKeySelectionError = (error: unknown) =>
  error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys;

export function createKeySet(url: string, options: KeySetOptions = defaultKeySetOptions): KeyResolver {
  // jose's cache runs on Date.now; so does the grace, so that both age together (also under fake timers).
  const now = () => Date.now();
  const cache: { uat?: number; jwks?: JSONWebKeySet } = {};
  const remote = createRemoteJWKSet(new URL(url), {
    timeoutDuration: options.timeout,
    cooldownDuration: options.cooldown,
    cacheMaxAge: options.maxAge,
    [jwksCache]: cache as never,
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  });
  let lastFailureAt: number | undefined;
  let stale: { uat: number; resolve: ReturnType<typeof createLocalJWKSet> } | undefined;

  const serveStale = (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    const { uat, jwks } = cache;
    if (uat === undefined || !jwks || now() - uat > options.maxAge + options.staleGrace) {
      throw new KeySetUnavailable('The broker key set cannot be fetched and no usable copy is cached.');
    }
    if (stale?.uat !== uat) stale = { uat, resolve: createLocalJWKSet(jwks) };
    return stale.resolve(header, token);
  };

  return async (header, token) => {
    if (lastFailureAt !== undefined && now() - lastFailureAt < options.cooldown) return serveStale(header, token);
    try {
      const key = await remote(header, token);
      lastFailureAt = undefined;
      return key;
    } catch (error) {
      if (isKeySelectionError(error)) throw error;
      lastFailureAt = now();
      return serveStale(header, token);
    }
  };
}

const resolvers = new Map<string, KeyResolver>();

/** The process's resolver for an address: created once, so its cache and cooldown are shared by all requests. */
export function keySetFor(url: string): KeyResolver {
  let resolver = resolvers.get(url);
  if (!resolver) {
    resolver = createKeySet(url);
    resolvers.set(url, resolver);
  }
  return resolver;
}
