/** The kinds of document a partner's balances are read from: the copy must hold both whole (pure: components read it). */
export const PARTNER_KINDS = ['invoices', 'expenses'] as const;
