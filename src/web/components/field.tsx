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
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hint under a control, or its error in the hint's place, with the ids `messageAria` points at. */
export function FieldMessage({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
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
    </>
  );
}

/** What ties a control to its message: invalid while there is an error, described by the error, else the hint. */
export const messageAria = (id: string, hint: unknown, error: unknown) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/**
 * A field's props split in two: the frame's (label, message, the wrapper's class) and the control's,
 * which carry the id (the one given, else a generated one) and the aria wiring to the message.
 */
function useLabelledControl<Control extends { id?: string }>({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...control
}: FieldFrame & Control) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return {
    frame: { id, label, hint, error, className },
    control: { id, ...messageAria(id, hint, error), ...control },
  };
}

export function TextField(props: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const { frame, control } = useLabelledControl(props);
  return (
    <FieldWrapper {...frame}>
      <input className={CONTROL} {...control} />
    </FieldWrapper>
  );
}

export function TextAreaField(props: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { frame, control } = useLabelledControl(props);
  return (
    <FieldWrapper {...frame}>
      <textarea rows={4} className={CONTROL} {...control} />
    </FieldWrapper>
  );
}

export function SelectField(props: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const { frame, control } = useLabelledControl(props);
  return (
    <FieldWrapper {...frame}>
      <select className={CONTROL} {...control} />
    </FieldWrapper>
  );
}
