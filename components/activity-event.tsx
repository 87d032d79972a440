import type { ReactNode } from 'react';

import { Link } from '@/components/link';
import { calendarDay } from '@/lib/base/calendar';
import type { ActivityTexts } from '@/lib/base/i18n/activity';
import { fill } from '@/lib/base/i18n/documents';
import { formatDay, formatMoment } from '@/lib/base/i18n/format';
import type { Locale } from '@/lib/base/i18n/messages';
import type { ActivityEventView } from '@/lib/features/activity/page';
import {
  type OtherPayload,
  paymentEventOf,
  type PaymentPayload,
  type UploadPayload,
  type WebhookNotification,
} from '@/lib/features/activity/views';
import {
  compactJson,
  documentPath,
  otherEventName,
  paymentAmount,
  requestIdOf,
  textOf,
  uploadedEntities,
  uploadedKind,
} from '@/lib/features/activity/views';

import { Facts } from './detail-parts';
import { UploadStatusMark } from './document-marks';
import { RowHeader, Table, Td } from './table';

/**
 * One notification of the activity page. Everything shown is the service's own report (document numbers, problems,
 * payment details), rendered as text, which React escapes. No secret is ever part of a notification's row.
 */

type Props = { event: ActivityEventView; tenantId: string; texts: ActivityTexts; locale: Locale };

/** A document number as a link to where the add-on shows the document (documentPath), or as text without one. */
function DocumentLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <Link href={href} className="text-brand-700 hover:underline focus-ring">
      {children}
    </Link>
  );
}

function UploadBody({ payload, tenantId, texts }: { payload: UploadPayload; tenantId: string; texts: ActivityTexts }) {
  const entities = uploadedEntities(payload);
  const kind = uploadedKind(payload.apiUrl);
  const c = texts.columns;
  return (
    <>
      <Facts
        facts={[
          [
            texts.requestId,
            <code key="id" className="break-all text-xs">
              {payload.requestId}
            </code>,
          ],
        ]}
      />
      {entities.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{texts.noEntities}</p>
      ) : (
        <div className="mt-3">
          <Table
            caption={texts.entitiesCaption}
            captionHidden
            columns={[c.documentNumber, c.externalId, c.variableSymbol, c.problems]}
          >
            {entities.map((entity, index) => (
              <tr key={index}>
                <RowHeader>
                  <DocumentLink href={documentPath(tenantId, { ...entity, kind })}>
                    {entity.documentNumber ?? entity.id ?? '—'}
                  </DocumentLink>
                </RowHeader>
                <Td>{entity.externalId ?? '—'}</Td>
                <Td nowrap>{entity.variableSymbol ?? '—'}</Td>
                <Td>
                  {entity.problems.length === 0 ? (
                    <span className="text-slate-500">{texts.noProblems}</span>
                  ) : (
                    <ul className="list-disc space-y-0.5 pl-4 text-amber-900">
                      {entity.problems.map((problem, at) => (
                        <li key={at} className="break-words">
                          {problem}
                        </li>
                      ))}
                    </ul>
                  )}
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      )}
    </>
  );
}

function PaymentBody({
  payload,
  tenantId,
  texts,
  locale,
}: {
  payload: PaymentPayload;
  tenantId: string;
  texts: ActivityTexts;
  locale: Locale;
}) {
  const p = texts.payment;
  const data = payload.data ?? {};
  const date = textOf(data.dateOfPayment);
  const requestId = requestIdOf(payload);
  const documentNumber = textOf(data.documentNumber);
  const event = paymentEventOf(payload.eventType);
  const facts: [string, ReactNode][] = [
    [
      p.documentNumber,
      documentNumber && (
        <DocumentLink key="number" href={documentPath(tenantId, { documentNumber })}>
          {documentNumber}
        </DocumentLink>
      ),
    ],
    [p.variableSymbol, textOf(data.variableSymbol)],
    [p.dateOfPayment, date && calendarDay(date) ? formatDay(date, locale) : date],
    [p.sumOfPayment, paymentAmount(data, locale)],
    [p.partnerName, textOf(data.partnerName)],
    [p.accountId, textOf(data.accountId)],
  ];
  const found = facts.some(([, value]) => value !== null);
  return (
    <>
      <Facts
        facts={[[texts.requestId, requestId], [p.eventType, event ? texts.kinds[event] : payload.eventType], ...facts]}
      />
      {!found && <p className="mt-2 text-sm text-slate-600">{p.noFields}</p>}
    </>
  );
}

function OtherBody({ payload, texts }: { payload: OtherPayload; texts: ActivityTexts }) {
  return (
    <>
      <Facts
        facts={[
          [texts.other.eventName, otherEventName(payload)],
          [texts.requestId, requestIdOf(payload)],
        ]}
      />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">{texts.other.content}</summary>
        <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
          {compactJson(payload)}
        </pre>
      </details>
    </>
  );
}

function kindLabel(notification: WebhookNotification, texts: ActivityTexts): string {
  if (notification.kind === 'payment') return texts.kinds[paymentEventOf(notification.payload.eventType) ?? 'payment'];
  return texts.kinds[notification.kind];
}

export function ActivityEvent({ event, tenantId, texts, locale }: Props) {
  const { notification } = event;
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">{kindLabel(notification, texts)}</h3>
        <div className="flex items-center gap-2">
          {notification.kind === 'upload' && (
            <UploadStatusMark status={notification.payload.status} texts={texts.status} />
          )}
          <time dateTime={event.receivedAt.toISOString()} className="text-sm text-slate-600">
            <span className="sr-only">{texts.receivedAt}: </span>
            {formatMoment(event.receivedAt, locale)}
          </time>
        </div>
      </div>
      <div className="mt-2">
        {notification.kind === 'upload' && (
          <UploadBody payload={notification.payload} tenantId={tenantId} texts={texts} />
        )}
        {notification.kind === 'payment' && (
          <PaymentBody payload={notification.payload} tenantId={tenantId} texts={texts} locale={locale} />
        )}
        {notification.kind === 'other' && <OtherBody payload={notification.payload} texts={texts} />}
      </div>
      {event.sharedBy.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">{fill(texts.shared, { companies: event.sharedBy.join(', ') })}</p>
      )}
    </article>
  );
}
