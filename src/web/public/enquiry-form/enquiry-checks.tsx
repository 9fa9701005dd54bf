// The enquiry form's checks, in their own chunk, loaded on the form's first focus together with the
// captcha: react-hook-form with the zod resolver and the server's own schema (enquiry-validation.ts),
// attached to the inputs the page already rendered — so neither react-hook-form nor zod is part of
// the landing page's first download (docs/decisions/0413). Renders nothing: it reports what is wrong
// with each field, and the form shows it.
import { useEffect, useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  EMPTY_ENQUIRY,
  ENQUIRY_FIELDS,
  type EnquiryField,
  type EnquiryFields,
  type FieldProblems,
} from './enquiry-fields.ts';
import { enquiryResolver } from './enquiry-validation.ts';

export type EnquiryControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface EnquiryChecks {
  /** Checks every field: `send` gets the values when all pass, else focus goes to the first to fix. */
  submit(send: (values: EnquiryFields) => Promise<void>): Promise<void>;
  /** The server refused a field: said beside it (and focused) until the visitor corrects it. */
  refuse(field: EnquiryField, problem: string): void;
  /** Empty fields and no messages (an enquiry was sent). */
  clear(): void;
}

export interface EnquiryChecksProps {
  /** The form's own inputs, by field. */
  controls: () => Partial<Record<EnquiryField, EnquiryControl | null>>;
  /** Fields the visitor already left while this chunk was on its way: checked at once. */
  alreadyLeft: () => EnquiryField[];
  onProblems: (problems: FieldProblems) => void;
  onReady: (checks: EnquiryChecks) => void;
}

export default function EnquiryChecksAttachment({
  controls,
  alreadyLeft,
  onProblems,
  onReady,
}: EnquiryChecksProps) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EnquiryFields>({
    resolver: enquiryResolver,
    // Checked when the visitor leaves a field, then again as they correct it, and all at once on
    // submit, when focus goes to the first field to fix.
    mode: 'onTouched',
    shouldFocusError: true,
  });

  useLayoutEffect(() => {
    const elements = controls();
    const detach: (() => void)[] = [];
    for (const field of ENQUIRY_FIELDS) {
      const element = elements[field];
      if (!element) continue;
      // register() for inputs rendered elsewhere: the ref gives it the element (and its current
      // value); its one handler tells a change from a blur by the event's type.
      const { ref, onChange } = register(field);
      ref(element);
      const handle = (event: Event) => void onChange(event);
      element.addEventListener('input', handle);
      element.addEventListener('blur', handle);
      detach.push(() => {
        element.removeEventListener('input', handle);
        element.removeEventListener('blur', handle);
      });
    }
    for (const field of alreadyLeft()) {
      const element = elements[field];
      if (element) void register(field).onBlur({ target: element, type: 'blur' });
    }
    onReady({
      submit: (send) => handleSubmit(send)(),
      refuse: (field, problem) =>
        setError(field, { type: 'server', message: problem }, { shouldFocus: true }),
      // keepFieldsRef: the inputs stay registered (a plain reset forgets them, expecting a render
      // to register them again, and nothing here renders them).
      clear: () => reset(EMPTY_ENQUIRY, { keepFieldsRef: true }),
    });
    return () => detach.forEach((undo) => undo());
    // Attached once: the form's inputs stay the same elements for the life of the page, and
    // react-hook-form's functions are stable; attaching again would register every input twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, []);

  const problems: FieldProblems = {};
  for (const field of ENQUIRY_FIELDS) {
    const message = errors[field]?.message;
    if (message) problems[field] = message;
  }
  const reported = JSON.stringify(problems);
  useEffect(() => onProblems(JSON.parse(reported) as FieldProblems), [reported, onProblems]);

  return null;
}
