import { useMemo, useState } from 'react';
import type { Enquiry } from '#shared/schemas/enquiries.ts';

/** The enquiries ticked for bulk delete, out of the ones the list shows. */
export function useEnquirySelection(list: readonly Enquiry[]) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Only enquiries still in the list count as selected (another admin may have deleted some).
  const selectedIds = useMemo(
    () => list.filter((e) => selected.has(e.id)).map((e) => e.id),
    [list, selected],
  );
  const allSelected = list.length > 0 && selectedIds.length === list.length;

  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  /** Ticks every enquiry shown, or clears the selection. */
  const selectAll = (on: boolean) => setSelected(on ? new Set(list.map((e) => e.id)) : new Set());

  return { isSelected: (id: number) => selected.has(id), selectedIds, allSelected, select, selectAll };
}

export type EnquirySelection = ReturnType<typeof useEnquirySelection>;
