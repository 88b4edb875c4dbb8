import type { InputHTMLAttributes } from 'react';
import { input } from './tokens';

/** A labelled input; `id` ties the label to it (and gives tests a stable handle). */
export function Field({ label, id, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={input.label}>
        {label}
      </label>
      <input id={id} className={input.base} {...props} />
    </div>
  );
}
