import type { ConsentTexts } from '@/lib/base/i18n/consent-sk';
import { fill } from '@/lib/base/i18n/documents';

/**
 * What a completed consent did, in words, the same on the company page (components/consent-notice.tsx) and on the
 * page /consent/return shows in the consent's own tab (lib/owners/consent/return-page.ts). The user asked for one company
 * but chooses at the service: the words say which companies were connected, plainly whether the asked-for one was,
 * whose working connection was replaced, and which approved companies were left out. Pure: safe anywhere.
 */
type Company = { tenantId: string; name: string | null };

export type OutcomeFacts = {
  stored: readonly Company[];
  leftOut: readonly Company[];
  /** Other companies whose working connection the consent replaced. */
  replaced: readonly string[];
};

/** The company the consent was started for, and whether it has a working connection now (an older one, perhaps). */
export type AskedFor = Company & { connected: boolean };

/** connected: the asked-for company was connected; other-company: others were, not it; none-stored: nothing was. */
export type OutcomeKind = 'connected' | 'other-company' | 'none-stored';

export function describeOutcome(
  outcome: OutcomeFacts,
  asked: AskedFor,
  texts: ConsentTexts,
  unnamedCompany: string,
): { kind: OutcomeKind; lines: string[] } {
  const r = texts.result;
  const label = (company: Company) => company.name ?? `${unnamedCompany} ${company.tenantId}`;
  const names = (companies: readonly Company[]) => companies.map(label).join(', ');
  const askedName = label(asked);
  // What became of the asked-for company when the consent did not connect it: unchanged, or still not connected.
  const askedLine = fill(asked.connected ? r.askedUnchanged : r.askedNotConnected, { asked: askedName });

  const lines: string[] = [];
  let kind: OutcomeKind;
  if (outcome.stored.some((company) => company.tenantId === asked.tenantId)) {
    kind = 'connected';
    lines.push(fill(r.connected, { companies: names(outcome.stored) }));
  } else if (outcome.stored.length > 0) {
    kind = 'other-company';
    lines.push(fill(r.otherCompany, { asked: askedName, companies: names(outcome.stored) }), askedLine);
  } else {
    kind = 'none-stored';
    lines.push(r.noneStored, askedLine);
  }
  const replaced = outcome.stored.filter((company) => outcome.replaced.includes(company.tenantId));
  if (replaced.length > 0) lines.push(fill(r.replaced, { companies: names(replaced) }));
  if (outcome.leftOut.length > 0) lines.push(fill(r.leftOut, { companies: names(outcome.leftOut) }));
  return { kind, lines };
}
