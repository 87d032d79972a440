import { expect } from 'vitest';

import { LINE_STATES, type LineState, STOP_REASONS, type StopReason } from '@/lib/base/imports/states';

/** Every leaf of a texts object, by its path. */
export function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [leaf, text] of leaves(child, path ? `${path}.${key}` : key)) found.set(leaf, text);
    }
  }
  return found;
}

/** A page's words in Slovak and in English: the same keys in both, none empty. */
export function expectSameKeysNoneEmpty(texts: { sk: unknown; en: unknown }) {
  const sk = leaves(texts.sk);
  const en = leaves(texts.en);
  expect([...en.keys()].sort()).toEqual([...sk.keys()].sort());
  for (const [key, text] of [...sk, ...en]) expect(text.trim(), key).not.toBe('');
}

type StateWords = {
  states: Record<LineState, string>;
  stateHints: Record<LineState, string>;
  stop: Record<StopReason, string>;
};

/** Each line state named and explained, and each reason sending stops named, in `locale`. */
export function expectLineStatesAndStopsNamed(t: StateWords, locale: string) {
  for (const state of LINE_STATES) {
    expect(t.states[state], `${locale} ${state}`).toBeTruthy();
    expect(t.stateHints[state], `${locale} ${state}`).toBeTruthy();
  }
  for (const reason of STOP_REASONS) expect(t.stop[reason], `${locale} ${reason}`).toBeTruthy();
}
