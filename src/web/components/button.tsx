// The one button of both sides, with variants rather than class strings copied around.
import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary:
    'bg-accent-600 text-white hover:bg-accent-700 focus-visible:outline-accent-400 disabled:bg-ink-500',
  outline:
    'border-2 border-current bg-transparent hover:bg-white/10 focus-visible:outline-accent-400 disabled:opacity-50',
  secondary: 'bg-ink-100 text-ink-900 hover:bg-ink-200 focus-visible:outline-ink-500 disabled:opacity-50',
  danger: 'bg-danger-600 text-white hover:bg-red-800 focus-visible:outline-danger-600 disabled:opacity-50',
  ghost: 'bg-transparent hover:bg-black/5 focus-visible:outline-ink-500 disabled:opacity-50',
} as const;
const SIZES = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-13 px-7 text-lg',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md'): string {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof SIZES }) {
  return <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}
