// Labelled form controls with a hint and an error, wired for screen readers (aria-describedby,
// aria-invalid). Pass react-hook-form's register() result or plain props.
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** The look of every text-like control, shared with controls built elsewhere (the admin's time fields). */
export const CONTROL =
  'block w-full rounded-lg border border-ink-300 bg-white px-3 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-ink-500 focus:border-accent-600 focus:outline-2 focus:outline-accent-400 aria-[invalid=true]:border-danger-600 disabled:bg-ink-100';

interface FieldFrame {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
}

/** Space between the label, the control and the message: a plain control, or a larger block (upload). */
const SPACING = { tight: 'space-y-1.5', loose: 'space-y-2' } as const;

/**
 * The label above a control and the hint or error below it, with the ids the control's
 * aria-describedby points at. For controls other than the ones in this file (the admin's upload).
 */
export function FieldWrapper({
  id,
  label,
  hint,
  error,
  className = '',
  spacing = 'tight',
  children,
}: FieldFrame & { id: string; spacing?: keyof typeof SPACING; children: ReactNode }) {
  return (
    <div className={`${SPACING[spacing]} ${className}`}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message a control is described by: its error, else its hint. */
export const describedBy = (id: string, hint: unknown, error: unknown) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

export function TextField({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldWrapper>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...input
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        rows={4}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </FieldWrapper>
  );
}

export function SelectField({
  label,
  hint,
  error,
  className,
  id: givenId,
  children,
  ...input
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      >
        {children}
      </select>
    </FieldWrapper>
  );
}
