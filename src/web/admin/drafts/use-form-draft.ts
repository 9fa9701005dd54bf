// The one draft mechanism of the admin forms (issue 28, decision 0441): what the admin changes is
// kept as they type, and brought back when the same admin opens the same form again — after an
// inactivity sign-out, a closed tab, a reload. Saving, Cancel, Discard and a logout they chose drop it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReset, UseFormWatch } from 'react-hook-form';
import { useMe } from '../api/me.ts';
import { browserDrafts, type DraftValues } from './draft-store.ts';

/** The parts of a react-hook-form form the draft needs. */
interface DraftableForm<Values extends FieldValues> {
  watch: UseFormWatch<Values>;
  reset: UseFormReset<Values>;
}

export interface FormDraft {
  /** The form shows a draft brought back from before (say so, with Discard). */
  restored: boolean;
  /** Drops the draft and puts the form back as it started. */
  discard: () => void;
  /** Drops the draft (after a save, or Cancel). */
  clear: () => void;
}

/** An input's '0' and the stored 0, or '' and null, are the same answer. */
const sameValue = (a: unknown, b: unknown): boolean =>
  typeof a === 'object' || typeof b === 'object'
    ? JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
    : String(a ?? '') === String(b ?? '');

const sameAs = (values: DraftValues, base: DraftValues) =>
  Object.keys(base).every((field) => sameValue(values[field], base[field]));

/** The draft's values for the form's fields, over the form's own. */
const merged = <Values extends FieldValues>(base: Values, draft: DraftValues): Values =>
  Object.fromEntries(
    Object.keys(base).map((field) => [field, field in draft ? draft[field] : base[field]]),
  ) as Values;

/**
 * Keeps `form`'s changes as the signed-in admin's draft of `formKey`. `base` is what the form starts
 * from (null until it has loaded): the draft is laid over it once, and a form back at `base` has none.
 */
export function useFormDraft<Values extends FieldValues>(
  form: DraftableForm<Values>,
  formKey: string,
  base: Values | null,
): FormDraft {
  const userId = useMe().data?.id ?? null;
  const [restored, setRestored] = useState(false);
  const baseRef = useRef(base);
  useEffect(() => {
    baseRef.current = base;
  }, [base]);
  // Nothing is written until the stored draft has been looked at: it must not be overwritten first.
  const looked = useRef(false);
  const loaded = base !== null;
  const { watch, reset } = form;

  useEffect(() => {
    looked.current = false;
    const start = baseRef.current;
    if (userId === null || start === null) return;
    const drafts = browserDrafts();
    drafts.prune();
    const draft = drafts.read(userId, formKey);
    if (draft && !sameAs(draft, start)) {
      reset(merged(start, draft), { keepDefaultValues: true });
      setRestored(true);
    }
    looked.current = true;
  }, [userId, formKey, loaded, reset]);

  useEffect(() => {
    if (userId === null) return;
    const subscription = watch((values, { name }) => {
      const start = baseRef.current;
      // A reset (loading, restoring, discarding) has no field name: only the admin's changes count.
      if (!looked.current || name === undefined || start === null) return;
      const drafts = browserDrafts();
      if (sameAs(values, start)) drafts.remove(userId, formKey);
      else drafts.save(userId, formKey, values);
    });
    return () => subscription.unsubscribe();
  }, [watch, userId, formKey]);

  const clear = useCallback(() => {
    if (userId !== null) browserDrafts().remove(userId, formKey);
    setRestored(false);
  }, [userId, formKey]);

  const discard = useCallback(() => {
    clear();
    if (baseRef.current) reset(baseRef.current, { keepDefaultValues: true });
  }, [clear, reset]);

  return { restored, discard, clear };
}
