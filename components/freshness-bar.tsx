import type { ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { Locale } from '@/lib/base/i18n/messages';
import type { MirrorStatus } from '@/lib/features/copy/state';
import { syncStateKey, watchesSync } from '@/lib/features/copy/state';

import { MirrorUpdate } from './mirror-update';

/** "2 minutes ago", "pred 2 minútami": the time since `at`, in the largest unit that fits. */
export function ago(at: Date, now: Date, locale: Locale): string {
  const format = new Intl.RelativeTimeFormat(locale === 'sk' ? 'sk-SK' : 'en-GB', { numeric: 'auto' });
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return format.format(Math.min(0, seconds), 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/**
 * The bar a list and the overview share to say how fresh the company's copy is: the lines said (read out when they
 * change), what stands `under` them (a list's progress of each kind), and "Update now" with the page drawn again as
 * the copy's state changes (MirrorUpdate; no button once the sync is stopped). `figuresFrom` marks where the
 * overview's figures were read.
 */
export function FreshnessBar({
  label,
  status,
  lines,
  under,
  figuresFrom,
  texts,
  refresh,
}: {
  label: string;
  status: MirrorStatus;
  lines: string[];
  under?: ReactNode;
  figuresFrom?: string;
  texts: DocumentTexts;
  refresh: { action: string; back: string };
}) {
  const line = <p aria-live="polite">{lines.join(' ')}</p>;
  return (
    <section
      aria-label={label}
      data-mirror-status={status.status}
      data-figures-from={figuresFrom}
      className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
    >
      {under === undefined ? (
        line
      ) : (
        <div>
          {line}
          {under}
        </div>
      )}
      <MirrorUpdate
        {...refresh}
        watch={watchesSync(status)}
        drawn={syncStateKey(status)}
        showButton={status.status !== 'stopped'}
        labels={{ refresh: texts.mirror.refresh, syncing: texts.mirror.syncing }}
      />
    </section>
  );
}
