import type { ActivityTexts } from '@/lib/base/i18n/activity';
import { fill } from '@/lib/base/i18n/documents';
import type { ReceiverView } from '@/lib/features/activity/page';

import { DetailSection } from './detail-parts';

/** Where the service should send this company's notifications, and whether they can be verified (never the secret). */
export function WebhookReceiver({ receiver, texts }: { receiver: ReceiverView; texts: ActivityTexts }) {
  const r = texts.receiver;
  return (
    <DetailSection id="webhook-receiver" title={r.title} className="mt-6">
      {receiver.state === 'no-connection' && <p className="text-sm text-slate-700">{r.noConnection}</p>}
      {receiver.state === 'no-address' && <p className="text-sm text-slate-700">{r.noAddress}</p>}
      {receiver.state === 'ready' && (
        <div className="space-y-2 text-sm text-slate-700">
          <p>{r.help}</p>
          <p>
            <span className="text-slate-600">{r.address}: </span>
            <code className="break-all rounded bg-slate-50 px-1 py-0.5 text-xs text-slate-900">{receiver.address}</code>
          </p>
          <p>{receiver.hasSecret ? r.secretStored : r.secretMissing}</p>
          {receiver.sharedWith.length > 0 && (
            <p>{fill(r.sharedAddress, { companies: receiver.sharedWith.join(', ') })}</p>
          )}
        </div>
      )}
    </DetailSection>
  );
}
