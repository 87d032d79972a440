import { Link } from '@/components/link';
import type { AuditFilterValues } from '@/lib/features/console/audit';
import type { ConsoleDataPageTexts } from '@/lib/features/console/data-texts';
import { AUDIT_ACTIONS, AUDIT_RESULTS } from '@/lib/features/console/views';

const field = 'rounded border border-slate-300 px-2 py-1 text-sm';
const label = 'flex flex-col gap-1 text-xs font-medium text-slate-700';

/** The audit log's filter: a GET form (operator, action, company, result, from and to as UTC days). */
export function AuditFilter({
  values,
  filtered,
  texts: { d, p },
}: {
  values: AuditFilterValues;
  /** Some field is filled: the form offers to clear them. */
  filtered: boolean;
  texts: ConsoleDataPageTexts;
}) {
  const filter = { texts: d.audit.filter, values };
  return (
    <form method="get" action="/console/audit" role="search" className="mt-4 flex flex-wrap items-end gap-3">
      <TextField name="operator" filter={filter} />
      <ChoiceField
        name="action"
        filter={filter}
        any={p.anyAction}
        options={AUDIT_ACTIONS}
        names={d.audit.actionNames}
      />
      <TextField name="company" filter={filter} />
      <ChoiceField name="result" filter={filter} any={p.anyResult} options={AUDIT_RESULTS} names={d.audit.results} />
      <TextField name="from" type="date" filter={filter} />
      <TextField name="to" type="date" filter={filter} />
      <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white">
        {d.audit.filter.apply}
      </button>
      {filtered && (
        <Link href="/console/audit" className="text-sm text-brand-700 hover:underline">
          {p.clearFilter}
        </Link>
      )}
    </form>
  );
}

/** The filter's words and what it was given: a field is named by its query parameter, and labelled and filled by it. */
type Filter = { texts: Record<keyof AuditFilterValues, string>; values: AuditFilterValues };

/** A field of text (at most 320 characters, as an address or a company's id) or of a UTC day, with its label. */
function TextField({
  name,
  type = 'text',
  filter: { texts, values },
}: {
  name: keyof AuditFilterValues;
  type?: 'text' | 'date';
  filter: Filter;
}) {
  return (
    <label className={label}>
      {texts[name]}
      <input
        name={name}
        type={type}
        defaultValue={values[name]}
        maxLength={type === 'text' ? 320 : undefined}
        className={field}
      />
    </label>
  );
}

/** A choice of one of `options`, each by its name, or of any (the empty value), with its label. */
function ChoiceField<Option extends string>({
  name,
  filter: { texts, values },
  any,
  options,
  names,
}: {
  name: keyof AuditFilterValues;
  filter: Filter;
  any: string;
  options: readonly Option[];
  names: Record<Option, string>;
}) {
  return (
    <label className={label}>
      {texts[name]}
      <select name={name} defaultValue={values[name]} className={field}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {names[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
