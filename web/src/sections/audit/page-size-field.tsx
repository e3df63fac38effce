import { PAGE_SIZES } from '../../ui/address-fields.ts';
import { Field } from '../../ui/field.tsx';

/** "Per page": the page sizes a log offers. */
export function PageSizeField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (size: string) => void;
}) {
  return (
    <Field id={id} label="Per page" className="narrow">
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
