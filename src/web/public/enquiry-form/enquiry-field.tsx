// One field of the enquiry form: its label (with * or "(optional)"), hint, control and problem.
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { EnquiryControl } from './enquiry-checks.tsx';
import {
  FIELD_HINTS,
  FIELD_LABELS,
  fieldMessage,
  OPTIONAL_FIELDS,
  type EnquiryField,
} from './enquiry-fields.ts';

export const CONTROL =
  'block w-full rounded-lg border-2 border-ink-500 bg-ink-950 px-4 py-3 text-base text-ink-50 placeholder:text-ink-300 transition-colors hover:border-ink-300 focus:border-accent-400 focus:outline-2 focus:outline-offset-2 focus:outline-accent-400 disabled:opacity-60 aria-invalid:border-danger-400 aria-invalid:hover:border-danger-400';

/** A control's name, element and ties to its message (aria-invalid, aria-describedby). */
export interface ControlProps {
  id: string;
  name: EnquiryField;
  required: true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  ref: (element: EnquiryControl | null) => void;
}

export function Field({
  id,
  field,
  problem,
  className = '',
  labelClassName = '',
  children,
}: {
  id: string;
  field: EnquiryField;
  problem: string | undefined;
  className?: string;
  /** Added to the label's classes (two fields side by side whose labels wrap differently). */
  labelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={`space-y-2 ${className}`}>
      <label
        htmlFor={id}
        className={`block text-sm font-semibold uppercase tracking-wider text-ink-100 ${labelClassName}`}
      >
        {FIELD_LABELS[field]}{' '}
        {OPTIONAL_FIELDS.has(field) ? (
          <span className="font-normal normal-case tracking-normal text-ink-200">(optional)</span>
        ) : (
          <span className="text-accent-400" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {FIELD_HINTS[field] && (
        <p id={`${id}-hint`} className="text-sm text-ink-200">
          {FIELD_HINTS[field]}
        </p>
      )}
      {children}
      {problem && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger-400">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {fieldMessage(field, problem)}
        </p>
      )}
    </div>
  );
}
