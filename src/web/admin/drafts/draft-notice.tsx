// Says that a form shows a draft brought back from before, with the way to drop it (issue 28); and
// when someone else has saved the record since the draft was typed, that a save would go over their
// change, with the choice of which to keep (docs/decisions/0485).
import { History } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import type { FormDraft } from './use-form-draft.ts';

export function DraftNotice({ draft, className = '' }: { draft: FormDraft; className?: string }) {
  if (!draft.restored) return null;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-4 py-2 ${
        draft.outdated
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-sky-300 bg-sky-50 text-sky-950'
      } ${className}`}
    >
      <History className="size-5 shrink-0" aria-hidden="true" />
      {draft.outdated ? (
        <p className="mr-auto basis-56 grow">
          <span className="font-semibold">Draft restored</span> — but someone else has saved this since you
          typed it. Discard your draft to see theirs, or keep yours to save it over their change.
        </p>
      ) : (
        <p className="mr-auto">
          <span className="font-semibold">Draft restored</span> — the changes you had not saved yet.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={draft.discard}>
          Discard
        </Button>
        {draft.outdated && (
          <Button variant="secondary" size="sm" onClick={draft.keepMine}>
            Keep mine
          </Button>
        )}
      </div>
    </div>
  );
}
