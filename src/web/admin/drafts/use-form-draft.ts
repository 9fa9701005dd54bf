// The one draft mechanism of the admin forms (issue 28, decision 0441): what the admin changes is
// kept as they type, and brought back when the same admin opens the same form again — after an
// inactivity sign-out, a closed tab, a reload. Saving, Cancel, Discard and a logout they chose drop it.
// A form of a record with versions (a booking) keeps the version its draft was typed on: a draft
// brought back after someone else saved the record says so, and is not saved over their change unless
// the admin chooses to (docs/decisions/0485).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormGetValues, UseFormReset, UseFormWatch } from 'react-hook-form';
import { useMe } from '../api/me.ts';
import { browserDrafts, type DraftValues } from './draft-store.ts';

/** The parts of a react-hook-form form the draft needs. */
interface DraftableForm<Values extends FieldValues> {
  watch: UseFormWatch<Values>;
  reset: UseFormReset<Values>;
  getValues: UseFormGetValues<Values>;
}

export interface FormDraft {
  /** The form shows a draft brought back from before (say so, with Discard). */
  restored: boolean;
  /** Drops the draft and puts the form back as it started. */
  discard: () => void;
  /** Drops the draft (after a save, or Cancel). */
  clear: () => void;
  /**
   * The version of the record a save names (If-Match): the one the restored draft was typed on, or
   * the one the form was opened on. Undefined for a record without versions.
   */
  basis: number | undefined;
  /** The restored draft was typed on an earlier version of the record than the form shows now. */
  outdated: boolean;
  /** Keeps an outdated draft as one made on the record as it is now: a save then writes over it. */
  keepMine: () => void;
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
 * `version` is the record's version the form was opened on, for a record that has one.
 */
export function useFormDraft<Values extends FieldValues>(
  form: DraftableForm<Values>,
  formKey: string,
  base: Values | null,
  version?: number,
): FormDraft {
  const userId = useMe().data?.id ?? null;
  const [restored, setRestored] = useState(false);
  // The version the restored draft was typed on, while it differs from the form's.
  const [draftVersion, setDraftVersion] = useState<number | undefined>(undefined);
  const basis = draftVersion ?? version;
  const baseRef = useRef(base);
  const basisRef = useRef(basis);
  useEffect(() => {
    baseRef.current = base;
    basisRef.current = basis;
  }, [base, basis]);
  // Nothing is written until the stored draft has been looked at: it must not be overwritten first.
  const looked = useRef(false);
  const loaded = base !== null;
  const { watch, reset, getValues } = form;

  useEffect(() => {
    looked.current = false;
    const start = baseRef.current;
    if (userId === null || start === null) return;
    const drafts = browserDrafts();
    drafts.prune();
    // Typed before the admin was known (GET /api/admin/me still on its way over a weak signal): that
    // is newer than any draft kept from before, so it is what is kept, and nothing is laid over it.
    const typed = getValues();
    const draft = drafts.read(userId, formKey);
    if (!sameAs(typed, start)) drafts.save(userId, formKey, typed, basisRef.current);
    else if (draft && !sameAs(draft, start)) {
      reset(merged(start, draft), { keepDefaultValues: true });
      setRestored(true);
      const typedOn = drafts.basis(userId, formKey);
      if (typedOn !== null && typedOn !== basisRef.current) {
        setDraftVersion(typedOn);
        basisRef.current = typedOn;
      }
    }
    looked.current = true;
  }, [userId, formKey, loaded, reset, getValues]);

  useEffect(() => {
    if (userId === null) return;
    const subscription = watch((values, { name }) => {
      const start = baseRef.current;
      // A reset (loading, restoring, discarding) has no field name: only the admin's changes count.
      if (!looked.current || name === undefined || start === null) return;
      const drafts = browserDrafts();
      if (sameAs(values, start)) drafts.remove(userId, formKey);
      else drafts.save(userId, formKey, values, basisRef.current);
    });
    return () => subscription.unsubscribe();
  }, [watch, userId, formKey]);

  const clear = useCallback(() => {
    if (userId !== null) browserDrafts().remove(userId, formKey);
    setRestored(false);
    setDraftVersion(undefined);
  }, [userId, formKey]);

  const keepMine = useCallback(() => {
    setDraftVersion(undefined);
    basisRef.current = version;
    if (userId !== null) browserDrafts().save(userId, formKey, getValues(), version);
  }, [userId, formKey, getValues, version]);

  const discard = useCallback(() => {
    clear();
    if (baseRef.current) reset(baseRef.current, { keepDefaultValues: true });
  }, [clear, reset]);

  return { restored, discard, clear, basis, outdated: draftVersion !== undefined, keepMine };
}
