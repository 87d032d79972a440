import type { StatementLine } from '@/lib/base/imports/statement-line';
import type { OpenInvoice } from '@/lib/features/imports/queries/open-invoices';

/** A statement line from the few fields a test cares about: a credit in EUR by default, with no symbols. */
export function line(
  spec: Partial<Omit<StatementLine, 'symbols' | 'counterparty'>> & {
    vs?: string | null;
    payer?: string | null;
    iban?: string | null;
  } = {},
): StatementLine {
  const { vs = null, payer = null, iban = null, ...rest } = spec;
  const index = rest.index ?? 0;
  return {
    index,
    occurrence: 1,
    bookingDate: '2026-06-15',
    direction: 'credit',
    amount: '100.00',
    currency: 'EUR',
    bankReference: `REF${index}`,
    endToEndId: null,
    symbols: { variable: vs, specific: null, constant: null },
    counterparty: { name: payer, iban },
    message: null,
    externalId: `stmt-${index}-1`,
    ...rest,
  };
}

/** An open invoice as openInvoicesOf answers it: regular, EUR, 100.00 left of 100.00, by default. */
export function openInvoice(spec: Partial<OpenInvoice> & { id: string }): OpenInvoice {
  return {
    documentNumber: `OF${spec.id}`,
    variableSymbol: spec.id,
    issueDate: '2026-05-01',
    total: spec.amountDue ?? '100.00',
    amountDue: '100.00',
    currency: 'EUR',
    kind: 'regular',
    partnerName: 'Obchod Hruška s.r.o.',
    partnerKey: 'ico:36123456',
    partnerIbans: [],
    ...spec,
  };
}
