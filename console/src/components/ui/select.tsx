import { input } from './tokens';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
}

/** A labelled native select (keyboard and screen-reader friendly with no extra code). */
export function Select<V extends string | number>({ id, label, value, options, onChange }: { id: string; label: string; value: V; options: SelectOption<V>[]; onChange(value: V): void }) {
  const pick = (raw: string) => {
    const option = options.find((o) => String(o.value) === raw);
    if (option) onChange(option.value);
  };
  return (
    <div>
      <label htmlFor={id} className={input.label}>
        {label}
      </label>
      <select id={id} className={input.base} value={value} onChange={(e) => pick(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
