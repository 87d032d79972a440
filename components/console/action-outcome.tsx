import type { ReactNode } from 'react';

import type { ConsoleDataTexts } from '@/lib/base/i18n/console-data';
import type { ConsolePagesTexts } from '@/lib/base/i18n/console-pages';
import { fill } from '@/lib/features/console/data-texts';
import type { ShownOutcome } from '@/lib/features/console/outcome';

import { ConsolePage } from './console-page';

/** A console section whose rows carry actions (companies, users): its page, opening with what the last action did. */
export function ConsoleActionsPage({
  section,
  outcome,
  texts,
  children,
}: {
  section: { title: string; intro: string };
  outcome: ShownOutcome | null;
  texts: { d: ConsoleDataTexts; p: ConsolePagesTexts };
  children: ReactNode;
}) {
  return (
    <ConsolePage title={section.title} intro={section.intro}>
      <ActionOutcome outcome={outcome} d={texts.d} p={texts.p} />
      {children}
    </ConsolePage>
  );
}

/** What the last action did, as its server action reported it back in the address: done, refused or failed, why. */
export function ActionOutcome({
  outcome,
  d,
  p,
}: {
  outcome: ShownOutcome | null;
  d: ConsoleDataTexts;
  p: ConsolePagesTexts;
}) {
  if (!outcome) return null;
  const texts = d.actions[outcome.action];
  let title: string;
  let body: string;
  if (outcome.result === 'invalid') {
    title = p.resultTitle.failed;
    body = d.actions.invalidInput;
  } else if (outcome.result === 'ok') {
    title = p.resultTitle.ok;
    body =
      outcome.action === 'resyncCompany'
        ? outcome.note === 'already-queued'
          ? d.actions.resyncCompany.alreadyQueued
          : d.actions.resyncCompany.done
        : fill(texts.done, { count: outcome.count });
  } else {
    title = p.resultTitle[outcome.result];
    body = d.reasons[outcome.reason];
  }
  const good = outcome.result === 'ok';
  return (
    <div
      role={good ? 'status' : 'alert'}
      data-testid="console-action-outcome"
      data-result={outcome.result}
      className={`mt-4 rounded-lg border p-3 text-sm ${good ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
    >
      <span className="font-semibold">
        {texts.label}: {title}.
      </span>{' '}
      {body}
    </div>
  );
}
