import type { Messages } from '@/lib/base/i18n/messages';
import type { ConnectionState } from '@/lib/features/connections/views';

const tone: Record<ConnectionState, string> = {
  connected: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  missing: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  invalid: 'bg-rose-50 text-rose-800 ring-rose-600/30',
};

export function ConnectionBadge({ t, state }: { t: Messages; state: ConnectionState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${tone[state]}`}
      data-state={state}
    >
      {t.state[state]}
    </span>
  );
}
