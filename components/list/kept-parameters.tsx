import { DEFAULT_PAGE_SIZE } from '@/lib/service/records/list-view-kit';

/** A list's view as far as its forms keep it: the filters' values, the search, the order and the page size. */
type KeptView = { values: Readonly<Record<string, string>>; q: string; sort: string; top: number };

/** The view's parameters as hidden fields of a form that sets the others (`without`); blank ones are left out. */
export function keptParameters(view: KeptView, without: readonly string[]): Record<string, string> {
  const all: Record<string, string> = { ...view.values, q: view.q, sort: view.sort };
  if (view.top !== DEFAULT_PAGE_SIZE) all.Top = String(view.top);
  return Object.fromEntries(
    Object.entries(all).filter(([name, value]) => value.trim() !== '' && !without.includes(name)),
  );
}

/** What a GET form keeps of the view while it sets the rest: one hidden field each. */
export function HiddenFields({ values }: { values: Record<string, string> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
