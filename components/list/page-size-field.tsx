import { PAGE_SIZES } from '@/lib/service/records/list-view-kit';

/** A filter form's page size: a select of the sizes every list offers. `control`: the form's own field style. */
export function PageSizeField({
  id,
  top,
  label,
  control,
}: {
  id: string;
  top: number;
  label: string;
  control: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name="Top" defaultValue={String(top)} className={control}>
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
