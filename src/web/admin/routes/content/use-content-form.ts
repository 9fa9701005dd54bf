// The add/edit form of a content screen: react-hook-form checked by the kind's shared input schema (a rule is
// written once, so the form and the server agree: docs/architecture.md#import-rule), and the frame's props —
// 'Add …' or 'Edit …', Save / Cancel, and the save itself, which the screen's content manager carries out.
// What the admin types is kept as a draft until it is saved or dropped (issue 28, use-form-draft.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { useFormDraft } from '../../drafts/use-form-draft.ts';
import { fieldError } from './field-error.ts';

interface Options<Values extends FieldValues> {
  /** 'Badge', 'Event' …: the form's title is 'Add Badge' or 'Edit Badge'. */
  noun: string;
  /** The submit button while adding, where it is not 'Add <noun>'. */
  createLabel?: string;
  /** The values of a new item; an edited item's own values take their place where it has them. */
  blank: Values;
  /** A refused submit, for forms that also say so in a toast. */
  onInvalid?: (invalid: FieldErrors<Values>, values: Values) => void;
}

/** What every new item starts with: first in the list, shown, and on no schedule. */
export const NEW_ITEM_LISTING = { order: 0, is_active: true, show_from: null, hide_after: null } as const;

/** An item of the kind: its fields are the form's, where it has them (plus its id and dates). */
type ItemOf<Values> = { [Field in keyof Values]?: Values[Field] | null };

interface FormProps<Values, Output> {
  /** The item being edited, or null while adding. */
  item: ItemOf<Values> | null;
  saving: boolean;
  /** Resolves true once saved. */
  onSave: (values: Output) => Promise<boolean>;
  onCancel: () => void;
  /** Names this form's draft: the kind and the item ('content:events:12', 'content:events:new'). */
  draftKey: string;
}

/** The edited item's values (a missing or null one left blank), or the blank ones while adding. */
function startingValues<Values extends FieldValues>(
  item: ItemOf<Values> | null,
  blank: Values,
): DefaultValues<Values> {
  const fields = Object.keys(blank) as (keyof Values)[];
  return Object.fromEntries(
    fields.map((field) => [field, item?.[field] ?? blank[field]]),
  ) as DefaultValues<Values>;
}

export function useContentForm<Values extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Values>,
  { item, saving, onSave, onCancel, draftKey }: FormProps<Values, Output>,
  { noun, createLabel = `Add ${noun}`, blank, onInvalid }: Options<Values>,
) {
  // The form is remounted for another item, so its starting values are read once.
  const [start] = useState(() => startingValues(item, blank));
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues: start });
  const draft = useFormDraft(form, draftKey, start as Values);
  const editing = item !== null;
  const { errors } = form.formState;
  return {
    ...form,
    errors,
    /**
     * A registered control's label and its message, worded after the label without '(optional)':
     * 'Link must be a web address'. `errorLabel` where the label is too long to repeat.
     */
    field: (name: Path<Values>, label: string, errorLabel = label.replace(/ \(optional\)$/, '')) => ({
      label,
      ...form.register(name),
      error: fieldError(errorLabel, errors[name]),
    }),
    /** The props of the form's FormPanel. */
    panel: {
      title: editing ? `Edit ${noun}` : `Add ${noun}`,
      submitLabel: editing ? 'Save Changes' : createLabel,
      onSubmit: form.handleSubmit(
        async (values) => {
          if (await onSave(values)) draft.clear();
        },
        (invalid) => onInvalid?.(invalid, form.getValues()),
      ),
      onCancel: () => {
        draft.clear();
        onCancel();
      },
      saving,
      draft,
    },
  };
}
