import 'server-only';

import { sql } from 'drizzle-orm';

import { mirrorDocuments as d } from '@/lib/platform/db/schema';

/**
 * What is left to pay on a document, in EUR: the one rule every sum of what is owed uses (the partners' pages, the
 * overview's unpaid and overdue cards and its charts of what is unpaid), so they agree to the cent.
 * `amount_due` is the record's sumForPayment (0 when paid in full, negative on a credit note, which so lowers what
 * is owed), in the document's currency: as it is for EUR, else converted by the document's own ratio (its EUR total
 * over its total in its currency) and rounded to the cent, document by document, before anything is summed. A
 * document without a currency is taken as EUR; null when it cannot be said (another currency without both totals).
 */

/** The document's currency code, upper case, compared byte by byte; EUR when it names none. */
export const currencyCodeSql = sql`(coalesce(nullif(upper(trim(${d.currency})), ''), 'EUR') collate "C")`;

export const eurLeftToPaySql = sql`case
  when ${d.amountDue} is null then null
  when ${currencyCodeSql} = 'EUR' then ${d.amountDue}
  when ${d.totalInclVatCurrency} <> 0 and ${d.totalInclVat} is not null
    then round(${d.amountDue} * ${d.totalInclVat} / ${d.totalInclVatCurrency}, 2)
  end`;
