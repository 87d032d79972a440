import type { ActivityTexts } from '@/lib/i18n/activity';
import { fill } from '@/lib/i18n/documents';
import type { ReceiverView } from '@/lib/webhooks/activity-page';

/** Where the service should send this company's notifications, and whether they can be verified (never the secret). */
export function WebhookReceiver({ receiver, texts }: { receiver: ReceiverView; texts: ActivityTexts }) {
  const r = texts.receiver;
  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="webhook-receiver" data-receiver={receiver.state}>
      <h3 id="webhook-receiver" className="font-medium text-slate-900">
        {r.title}
      </h3>
      {receiver.state === 'no-connection' && <p className="mt-2 text-sm text-slate-700">{r.noConnection}</p>}
      {receiver.state === 'no-address' && <p className="mt-2 text-sm text-slate-700">{r.noAddress}</p>}
      {receiver.state === 'ready' && (
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <p>{r.help}</p>
          <p>
            <span className="text-slate-600">{r.address}: </span>
            <code className="break-all rounded bg-slate-50 px-1 py-0.5 text-xs text-slate-900" data-webhook-address="true">
              {receiver.address}
            </code>
          </p>
          <p data-secret-stored={receiver.hasSecret}>{receiver.hasSecret ? r.secretStored : r.secretMissing}</p>
          {receiver.sharedWith.length > 0 && <p>{fill(r.sharedAddress, { companies: receiver.sharedWith.join(', ') })}</p>}
        </div>
      )}
    </section>
  );
}
