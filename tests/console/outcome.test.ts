import { describe, expect, it } from 'vitest';

import { consolePagesTexts } from '@/lib/base/i18n/console-pages';
import { outcomeQuery, readOutcome, type ShownOutcome } from '@/lib/features/console/outcome';

const fromQuery = (query: string) => readOutcome(Object.fromEntries(new URLSearchParams(query)));

/** The outcome an action redirects back with travels in the address, and only in the console's fixed vocabulary. */
describe("a console action's outcome in the address", () => {
  it('comes back as it went, for every result', () => {
    const outcomes: ShownOutcome[] = [
      { action: 'endUserSessions', result: 'ok', count: 2, note: null },
      { action: 'resyncCompany', result: 'ok', count: 0, note: 'already-queued' },
      { action: 'disconnectCompany', result: 'refused', reason: 'unknown-company' },
      { action: 'reencryptSecrets', result: 'failed', reason: 'unreadable-secret' },
      { action: 'endUserSessions', result: 'invalid' },
    ];
    for (const outcome of outcomes) expect(fromQuery(outcomeQuery(outcome))).toEqual(outcome);
  });

  it('shows nothing for an address outside the vocabulary', () => {
    expect(fromQuery('')).toBeNull();
    expect(fromQuery('done=dropTables&result=ok')).toBeNull();
    expect(fromQuery('done=disconnectCompany&result=refused&reason=<script>')).toBeNull();
    expect(fromQuery('done=disconnectCompany&result=maybe')).toBeNull();
    expect(readOutcome({ done: ['endUserSessions', 'endUserSessions'], result: 'ok' })).toBeNull();
  });

  it('never shows a crafted count or note', () => {
    expect(fromQuery('done=endUserSessions&result=ok&count=-3&reason=nonsense')).toEqual({
      action: 'endUserSessions',
      result: 'ok',
      count: 0,
      note: null,
    });
  });
});

describe("the console pages' own texts", () => {
  it('has every Slovak key in English, each a non-empty text', () => {
    const entries = (texts: object, prefix = ''): [string, string][] =>
      Object.entries(texts).flatMap(([key, value]): [string, string][] =>
        typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value as object, `${prefix}${key}.`),
      );
    const keys = (texts: object) => entries(texts).map(([key]) => key);
    expect(keys(consolePagesTexts.en)).toEqual(keys(consolePagesTexts.sk));
    for (const locale of ['sk', 'en'] as const) {
      for (const [key, text] of entries(consolePagesTexts[locale])) expect(text.trim(), key).not.toBe('');
    }
  });
});
