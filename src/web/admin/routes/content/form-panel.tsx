// The add/edit form frame of the content screens: a card with a heading, the fields in a grid that
// stacks on phones, and Save / Cancel; above the fields, a draft brought back from before.
import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { DraftNotice } from '../../drafts/draft-notice.tsx';
import type { FormDraft } from '../../drafts/use-form-draft.ts';

export function FormPanel({
  title,
  onSubmit,
  onCancel,
  saving,
  submitLabel,
  draft,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  saving: boolean;
  submitLabel: string;
  draft?: FormDraft;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  // Opening the form (add or edit) brings it into view and puts the cursor in its first field.
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form
      .querySelector<HTMLElement>('input:not([type=file]), textarea, select')
      ?.focus({ preventScroll: true });
  }, [title]);

  return (
    <form
      ref={ref}
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="mb-8 scroll-mt-20 rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 className="mb-4 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
        {title}
      </h2>
      {draft && <DraftNotice draft={draft} className="mb-4" />}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
