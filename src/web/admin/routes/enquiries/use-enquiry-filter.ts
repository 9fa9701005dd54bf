import { useMemo, useState } from 'react';
import type { Enquiry, EnquiryStatus } from '#shared/schemas/enquiries.ts';
import { matchesEnquiryFilter } from '#shared/enquiry-filter.ts';

/** What the owner chose: a status ('' for all) and the search words as typed. */
export type EnquirySearchValues = { status: EnquiryStatus | ''; q: string };

/** The status and search chosen above the list, and the enquiries they let through. */
export function useEnquiryFilter(all: readonly Enquiry[]) {
  const [filter, setFilter] = useState<EnquirySearchValues>({ status: '', q: '' });
  // The filter the export uses too (src/shared/enquiry-filter.ts): what you see is what you download.
  const activeFilter = useMemo(
    () => ({ status: filter.status || undefined, q: filter.q.trim() || undefined }),
    [filter],
  );
  const list = useMemo(() => all.filter((e) => matchesEnquiryFilter(e, activeFilter)), [all, activeFilter]);
  return { filter, setFilter, activeFilter, list };
}
