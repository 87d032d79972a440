import type { LineState, StopReason } from '@/lib/base/imports/states';

import { fill } from './documents';
import { en } from './imports-en';
import { type ImportsTexts, sk } from './imports-sk';

/** Texts of an import's page, Slovak and English (English must have every key Slovak has). Pure data and words. */

export type { ImportsTexts };

export const importsTexts: Record<'sk' | 'en', ImportsTexts> = { sk, en };

/** A line's problem as stored (lib/owners/imports/lines.ts LineProblem): our code, the service's text, params. */
export type ProblemToSay = { code: string; text?: string; params?: Record<string, string> };

/**
 * A line's problem in the user's words: our codes by their text (params filled in), the service's message under
 * `service`; a code we do not know says the service's text when there is one, else the code.
 */
export function problemWords(problem: ProblemToSay, texts: ImportsTexts): string {
  const known = texts.problems as Record<string, string>;
  if (problem.code === 'service') return fill(known.service!, { text: problem.text ?? '' });
  const template = Object.hasOwn(known, problem.code) && problem.code !== 'unknown' ? known[problem.code] : undefined;
  if (template !== undefined) return fill(template, { ...problem.params, text: problem.text ?? '' });
  return problem.text ?? fill(texts.problems.unknown, { code: problem.code });
}

export const lineStateWords = (state: LineState, texts: ImportsTexts) => texts.states[state];

export const stopWords = (reason: StopReason, texts: ImportsTexts) => texts.stop[reason];
