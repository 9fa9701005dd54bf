// Says that a form shows a draft brought back from before, with the way to drop it (issue 28).
import { History } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import type { FormDraft } from './use-form-draft.ts';

export function DraftNotice({ draft, className = '' }: { draft: FormDraft; className?: string }) {
  if (!draft.restored) return null;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-sky-300 bg-sky-50 px-4 py-2 text-sky-950 ${className}`}
    >
      <History className="size-5 shrink-0" aria-hidden="true" />
      <p className="mr-auto">
        <span className="font-semibold">Draft restored</span> — the changes you had not saved yet.
      </p>
      <Button variant="secondary" size="sm" onClick={draft.discard}>
        Discard
      </Button>
    </div>
  );
}
