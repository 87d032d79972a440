import type { Widened } from './documents-sk';

/**
 * Texts of the console's Companies, Users and Audit log pages beyond those of their data and actions
 * (lib/base/i18n/console-data*.ts): the confirmation step, the pages' small words. Pure data.
 */
const sk = {
  actionsColumn: 'Akcie',
  confirmTitle: 'Potvrďte akciu',
  confirmCheck: 'Rozumiem, čo táto akcia urobí.',
  cancel: 'Zrušiť',
  never: '—',
  none: 'žiadne',
  noSessions: 'Žiadne relácie.',
  unnamed: 'Bez názvu',
  resyncMode: 'Rozsah',
  seconds: '{count} s',
  received: '{count}, naposledy {at}',
  refused: 'odmietnuté {count}, naposledy {at}',
  refusedNone: 'odmietnuté 0',
  resultTitle: { ok: 'Hotovo', refused: 'Odmietnuté', failed: 'Zlyhalo' },
  reencryptIntro:
    'Ako príkaz {command}: prešifruje uložené tokeny, tajomstvá upozornení a rozpracované súhlasy prvým kľúčom z ENCRYPTION_KEYS.',
  anyAction: 'Ktorákoľvek',
  anyResult: 'Ktorýkoľvek',
  newest: 'Najnovšie záznamy',
  invalidFilter: 'Filter nie je platný. Opravte ho alebo ho zrušte.',
  clearFilter: 'Zrušiť filter',
};

const en: Widened<typeof sk> = {
  actionsColumn: 'Actions',
  confirmTitle: 'Confirm the action',
  confirmCheck: 'I understand what this action does.',
  cancel: 'Cancel',
  never: '—',
  none: 'none',
  noSessions: 'No sessions.',
  unnamed: 'Unnamed',
  resyncMode: 'Scope',
  seconds: '{count} s',
  received: '{count}, last {at}',
  refused: 'refused {count}, last {at}',
  refusedNone: 'refused 0',
  resultTitle: { ok: 'Done', refused: 'Refused', failed: 'Failed' },
  reencryptIntro:
    'As the command {command}: re-encrypts stored tokens, webhook secrets and pending consents under the first key of ENCRYPTION_KEYS.',
  anyAction: 'Any',
  anyResult: 'Any',
  newest: 'Newest entries',
  invalidFilter: 'The filter is not valid. Correct it or clear it.',
  clearFilter: 'Clear the filter',
};

export const consolePagesTexts: Record<'sk' | 'en', Widened<typeof sk>> = { sk, en };
export type ConsolePagesTexts = Widened<typeof sk>;
