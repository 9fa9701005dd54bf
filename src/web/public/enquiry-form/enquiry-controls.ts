// The form's own inputs: each one's id, name and ties to its message, the values as typed, and the
// fields the visitor left before the checks arrived (checked as soon as they do, enquiry-checks.tsx).
import { useRef, type FocusEvent, type RefObject } from 'react';
import type { EnquiryChecks, EnquiryChecksProps, EnquiryControl } from './enquiry-checks.tsx';
import type { ControlProps } from './enquiry-field.tsx';
import {
  isEnquiryField,
  ENQUIRY_FIELDS,
  FIELD_HINTS,
  OPTIONAL_FIELDS,
  type EnquiryField,
  type EnquiryFields,
  type FieldProblems,
} from './enquiry-fields.ts';

export type EnquiryControls = Partial<Record<EnquiryField, EnquiryControl | null>>;

/** The fields as typed, for the rare send without the checks. */
export function typedValues(controls: EnquiryControls): EnquiryFields {
  return Object.fromEntries(
    ENQUIRY_FIELDS.map((field) => [field, controls[field]?.value ?? '']),
  ) as unknown as EnquiryFields;
}

export function useEnquiryControls(
  id: string,
  problems: FieldProblems,
  checks: RefObject<EnquiryChecks | null>,
) {
  const controls = useRef<EnquiryControls>({});
  const leftEarly = useRef(new Set<EnquiryField>());

  /**
   * A control's name, element and ties to its message (aria-invalid, aria-describedby: its problem,
   * its hint, and `describedBy` — the message's character count).
   */
  const control = (field: EnquiryField, describedBy?: string): ControlProps => ({
    id: `${id}-${field}`,
    name: field,
    required: OPTIONAL_FIELDS.has(field) ? undefined : true,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby':
      [problems[field] && `${id}-${field}-error`, FIELD_HINTS[field] && `${id}-${field}-hint`, describedBy]
        .filter(Boolean)
        .join(' ') || undefined,
    ref: (element: EnquiryControl | null) => {
      controls.current[field] = element;
    },
  });

  /** For the form's blur: a field left before the checks arrived is checked once they are attached. */
  const onFormBlur = (event: FocusEvent<HTMLFormElement>) => {
    const { name } = event.target as Partial<EnquiryControl>;
    if (!checks.current && name && isEnquiryField(name)) leftEarly.current.add(name);
  };

  /** What the checks need from the inputs once they arrive. */
  const checksProps: Pick<EnquiryChecksProps, 'controls' | 'alreadyLeft'> = {
    controls: () => controls.current,
    alreadyLeft: () => [...leftEarly.current],
  };

  return { controls, control, onFormBlur, checksProps };
}
