import type { ButtonHTMLAttributes } from 'react';
import { button } from './tokens';

type Variant = keyof typeof button.variant;

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={`${button.base} ${button.variant[variant]} ${className}`} {...props} />;
}
