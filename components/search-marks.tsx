import type { ReactNode } from 'react';

import type { DocumentTexts } from '@/lib/base/i18n/documents';
import type { FieldHighlight } from '@/lib/features/documents/queries';

/** Where a search matched each record of a list (by record id), and the words to name the fields it matched in. */
export type SearchMarks = { highlights: Record<string, FieldHighlight[]>; texts: DocumentTexts['search'] };

/** A text with the matched spans marked (<mark>), or the text itself. */
export function Marked({ text, spans }: { text: string; spans: readonly [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** A field's text of a record as the table shows it, marked where the search matched that very text. */
export function markedField(
  marks: SearchMarks | undefined,
  id: string | number,
  field: string,
  text: string,
): ReactNode {
  const hit = marks?.highlights[String(id)]?.find((each) => each.field === field && each.text === text);
  return hit ? <Marked text={hit.text} spans={hit.spans} /> : text;
}

/** Items and journal lines are named by their list, not their position. */
const fieldGroup = (field: string) => field.replace(/\[\d+\]\..*$/, '');

/**
 * What the search matched beyond the columns shown (a variable symbol, an IČO, an item's name): one short line under
 * the row's partner, so a user sees why a row was found.
 */
export function OtherMatches({
  marks,
  id,
  shown,
}: {
  marks: SearchMarks | undefined;
  id: string | number;
  shown: readonly string[];
}) {
  const others = (marks?.highlights[String(id)] ?? []).filter((each) => !shown.includes(each.field)).slice(0, 3);
  if (!marks || others.length === 0) return null;
  const names = marks.texts.fields as Record<string, string>;
  return (
    <span className="mt-0.5 block text-xs text-slate-600" data-found-in="true">
      {marks.texts.foundIn}:{' '}
      {others.map((each, index) => (
        <span key={each.field}>
          {index > 0 && ' · '}
          {names[fieldGroup(each.field)] ?? fieldGroup(each.field)} <Marked text={each.text} spans={each.spans} />
        </span>
      ))}
    </span>
  );
}
