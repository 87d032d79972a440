import { describe, expect, it } from 'vitest';

import { consoleDataTexts } from '@/lib/base/i18n/console-data';
import { FAILURE_REASONS, OK_NOTES, REFUSAL_REASONS } from '@/lib/features/console/actions';
import { AUDIT_ACTIONS, AUDIT_RESULTS } from '@/lib/owners/audit/console-audit';
import { accessTokens, mirrorCompanies } from '@/lib/platform/db/schema';

/** Every code the console's data and actions can answer has its words, in Slovak and in English. */
describe.each(['sk', 'en'] as const)('the console’s texts in %s', (language) => {
  const texts = consoleDataTexts[language];

  it('name every reason, action and result the audit log can hold', () => {
    for (const reason of [...REFUSAL_REASONS, ...FAILURE_REASONS, ...OK_NOTES]) {
      expect(texts.reasons[reason], reason).toBeTruthy();
    }
    for (const action of AUDIT_ACTIONS) expect(texts.audit.actionNames[action], action).toBeTruthy();
    for (const result of AUDIT_RESULTS) expect(texts.audit.results[result], result).toBeTruthy();
  });

  it('name every connection source, mirror status and session state', () => {
    for (const source of accessTokens.source.enumValues) expect(texts.source[source], source).toBeTruthy();
    for (const status of mirrorCompanies.status.enumValues) expect(texts.mirrorStatus[status], status).toBeTruthy();
    for (const state of ['live', 'idle', 'revoked', 'expired'] as const) expect(texts.sessionState[state]).toBeTruthy();
  });
});
