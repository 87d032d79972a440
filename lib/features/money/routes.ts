import 'server-only';

import { exportRoutes } from '@/lib/features/lists/export-route';
import { paymentsExportFile } from '@/lib/features/money/export';
import { mirrorPaymentView, parsePaymentView } from '@/lib/features/money/payment-view';

/**
 * The payments' exports (`…/payments/export.csv`, `…/export.xlsx`), from the company's copy of its payments as every
 * list's export (lib/features/lists/export-route.ts): the list's view without its page, every payment of it.
 */
export const paymentsExports = exportRoutes({
  place: () => ({ section: 'payments', back: (t) => t.money.accounts.backToPayments, embedded: false }),
  kinds: ['payments'],
  view: (query) => {
    const view = parsePaymentView(query);
    if (!view.ok) return null;
    const { top: _top, skip: _skip, ...listView } = mirrorPaymentView(view);
    return listView;
  },
  file:
    (db, { view, format, mirror, company }) =>
    (context) =>
      paymentsExportFile(db, mirror, { format, view, company, ...context }),
});
