import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import type { EnquirySelection } from './use-enquiry-selection.ts';

/** Above the list: select all (of those shown), how many are selected, and Delete Selected. */
export function SelectionBar({
  selection: { selectedIds, allSelected, selectAll },
  shownCount,
  totalCount,
  onDeleteSelected,
  deleting,
}: {
  selection: EnquirySelection;
  shownCount: number;
  totalCount: number;
  onDeleteSelected: () => void;
  deleting: boolean;
}) {
  return (
    <div className="mb-4 flex min-h-13 flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white px-4 py-2">
      <label className="flex cursor-pointer items-center gap-2 font-semibold text-ink-800">
        <input
          type="checkbox"
          checked={allSelected}
          ref={(box) => {
            if (box) box.indeterminate = selectedIds.length > 0 && !allSelected;
          }}
          onChange={(event) => selectAll(event.target.checked)}
          className="size-5 cursor-pointer accent-accent-600"
        />
        {shownCount === totalCount
          ? `Select all (${shownCount})`
          : `Select all shown (${shownCount} of ${totalCount})`}
      </label>
      <span className="text-sm text-ink-600" aria-live="polite">
        {selectedIds.length} selected
      </span>
      {selectedIds.length > 0 && (
        <Button variant="danger" size="sm" className="ml-auto" onClick={onDeleteSelected} disabled={deleting}>
          <Trash2 className="size-4" aria-hidden="true" /> Delete Selected ({selectedIds.length})
        </Button>
      )}
    </div>
  );
}
