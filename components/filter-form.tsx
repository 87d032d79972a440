import type { DocumentTexts } from '@/lib/base/i18n/documents';
import { fill } from '@/lib/base/i18n/documents';
import type { FilterFormField } from '@/lib/features/documents/filter-fields';

import { linkClass } from './detail-parts';
import { HiddenFields } from './list/kept-parameters';
import { PageSizeField } from './list/page-size-field';

type Props = {
  action: string;
  fields: FilterFormField[];
  values: Record<string, string>;
  invalid: string[];
  top: number;
  clearHref: string;
  texts: DocumentTexts;
  note?: string | null;
  /** Parameters of the view the form does not show but keeps (the search, the sort), as hidden fields. */
  keep?: Record<string, string>;
};

const control =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 aria-invalid:border-rose-500 aria-invalid:ring-1 aria-invalid:ring-rose-500';

// A value the native date inputs would silently drop is shown as text, so the user sees what was wrong with it.
const nativeAccepts: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'datetime-local': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/,
};

/**
 * The list's filters as a plain GET form: every field is named as the interface names its parameter, so submitting
 * puts the view in the URL (shareable, reloadable, works without JavaScript). Submitting starts again at the first
 * page (Skip is not part of the form). Invalid fields are marked and named in one message above the form, which is
 * then open; otherwise it stays closed, set filters or not, so the rows stay near the top: its one line names the
 * filters that are set ("Filters · Payment: Unpaid").
 */
export function FilterForm({ action, fields, values, invalid, top, clearHref, texts, note, keep = {} }: Props) {
  const f = texts.filters;
  const label = (name: string) => (f.fields as Record<string, string>)[name] ?? name;
  const errorId = 'filter-errors';
  const set = activeFilters(fields, values, label);
  return (
    <details open={invalid.length > 0} className="group mt-4 rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer select-none rounded-xl px-4 py-2.5 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-ring">
        {f.legend}
        {set.length > 0 && <span className="font-normal text-slate-700"> · {set.join(' · ')}</span>}
      </summary>
      <form
        // Remounted when the view changes, so defaultValues follow client-side navigations (clear, back).
        key={JSON.stringify(values)}
        method="get"
        action={action}
        className="border-t border-slate-200 px-4 pb-4 pt-3"
        aria-describedby={invalid.length > 0 ? errorId : undefined}
      >
        {invalid.length > 0 && (
          <div
            id={errorId}
            role="alert"
            className="mb-3 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900"
          >
            <p className="font-medium">{fill(f.invalid, { fields: invalid.map(label).join(', ') })}</p>
            <p className="mt-1">{f.invalidHint}</p>
          </div>
        )}
        <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <FilterField
              key={field.name}
              field={field}
              value={values[field.name] ?? ''}
              isInvalid={invalid.includes(field.name)}
              label={label(field.name)}
              any={f.any}
            />
          ))}
          <PageSizeField id="filter-Top" top={top} label={f.pageSize} control={control} />
        </div>
        <HiddenFields values={keep} />
        {note && <p className="mt-3 text-xs text-slate-600">{note}</p>}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-ring"
          >
            {f.apply}
          </button>
          <a href={clearHref} className={`text-sm ${linkClass}`}>
            {f.clear}
          </a>
        </div>
      </form>
    </details>
  );
}

/** One filter: its label and its control (a select with "any" first, or an input of the field's type). */
function FilterField({
  field,
  value,
  isInvalid,
  label,
  any,
}: {
  field: FilterFormField;
  value: string;
  isInvalid: boolean;
  label: string;
  any: string;
}) {
  const id = `filter-${field.name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {field.type === 'select' ? (
        <select
          id={id}
          name={field.name}
          defaultValue={value}
          aria-invalid={isInvalid || undefined}
          className={control}
        >
          <option value="">{any}</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {value !== '' && !field.options.some((option) => option.value === value) && (
            <option value={value}>{value}</option>
          )}
        </select>
      ) : (
        <input
          id={id}
          name={field.name}
          type={
            field.type in nativeAccepts && value !== '' && (isInvalid || !nativeAccepts[field.type]!.test(value))
              ? 'text'
              : field.type
          }
          step={field.type === 'datetime-local' ? 1 : field.type === 'number' ? 'any' : undefined}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          maxLength={'maxLength' in field ? field.maxLength : undefined}
          defaultValue={value}
          aria-invalid={isInvalid || undefined}
          className={control}
        />
      )}
    </div>
  );
}

/** The filters set, in form order, as "Label: value" (a select's value in words, as its option says it). */
function activeFilters(
  fields: FilterFormField[],
  values: Record<string, string>,
  label: (name: string) => string,
): string[] {
  return fields.flatMap((field) => {
    const value = (values[field.name] ?? '').trim();
    if (value === '') return [];
    const shown =
      field.type === 'select' ? (field.options.find((option) => option.value === value)?.label ?? value) : value;
    return [`${label(field.name)}: ${shown}`];
  });
}
