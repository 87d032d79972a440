import { ConfirmAction } from '@/components/console/confirm-action';
import type { ConsoleCompany } from '@/lib/features/console/companies';
import { type ConsoleDataPageTexts, fill } from '@/lib/features/console/data-texts';

type FormAction = (form: FormData) => Promise<never>;

/**
 * The confirmation step the Companies page's address asks for (`?confirm=disconnect|resync&pluginId=…&tenantId=…`),
 * for a company the page lists; nothing for any other address.
 */
export function CompanyConfirmation({
  confirm,
  target,
  texts: { d, p },
  actions,
}: {
  confirm: string | undefined;
  target: ConsoleCompany | undefined;
  texts: ConsoleDataPageTexts;
  actions: { disconnect: FormAction; resync: FormAction };
}) {
  if (!target) return null;
  const name = `${target.name ?? p.unnamed} (${target.tenantId})`;
  const common = {
    title: p.confirmTitle,
    check: p.confirmCheck,
    cancel: p.cancel,
    cancelHref: '/console/companies',
    fields: { pluginId: target.pluginId, tenantId: target.tenantId },
  };
  if (confirm !== 'disconnect' && confirm !== 'resync') return null;
  const texts = confirm === 'disconnect' ? d.actions.disconnectCompany : d.actions.resyncCompany;
  return (
    <ConfirmAction
      {...common}
      question={fill(texts.confirm, { name })}
      submit={texts.label}
      action={confirm === 'disconnect' ? actions.disconnect : actions.resync}
    >
      {confirm === 'resync' && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          {p.resyncMode}
          <select name="mode" defaultValue="auto" className="rounded border border-slate-300 px-2 py-1">
            {(['auto', 'reconcile', 'full'] as const).map((mode) => (
              <option key={mode} value={mode}>
                {d.actions.resyncCompany.modes[mode]}
              </option>
            ))}
          </select>
        </label>
      )}
    </ConfirmAction>
  );
}
