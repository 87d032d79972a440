import { Link } from '@/components/link';
import type { AuditFilterValues } from '@/lib/features/console/audit';
import type { ConsoleDataPageTexts } from '@/lib/features/console/data-texts';
import { AUDIT_ACTIONS, AUDIT_RESULTS } from '@/lib/owners/audit/console-audit';

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
  return (
    <form method="get" action="/console/audit" role="search" className="mt-4 flex flex-wrap items-end gap-3">
      <label className={label}>
        {d.audit.filter.operator}
        <input name="operator" type="text" defaultValue={values.operator} maxLength={320} className={field} />
      </label>
      <label className={label}>
        {d.audit.filter.action}
        <Choice
          name="action"
          value={values.action}
          any={p.anyAction}
          options={AUDIT_ACTIONS}
          names={d.audit.actionNames}
        />
      </label>
      <label className={label}>
        {d.audit.filter.company}
        <input name="company" type="text" defaultValue={values.company} maxLength={320} className={field} />
      </label>
      <label className={label}>
        {d.audit.filter.result}
        <Choice name="result" value={values.result} any={p.anyResult} options={AUDIT_RESULTS} names={d.audit.results} />
      </label>
      <label className={label}>
        {d.audit.filter.from}
        <input name="from" type="date" defaultValue={values.from} className={field} />
      </label>
      <label className={label}>
        {d.audit.filter.to}
        <input name="to" type="date" defaultValue={values.to} className={field} />
      </label>
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

/** A choice of one of `options`, each by its name, or of any (the empty value). */
function Choice<Option extends string>({
  name,
  value,
  any,
  options,
  names,
}: {
  name: string;
  value: string;
  any: string;
  options: readonly Option[];
  names: Record<Option, string>;
}) {
  return (
    <select name={name} defaultValue={value} className={field}>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {names[option]}
        </option>
      ))}
    </select>
  );
}
