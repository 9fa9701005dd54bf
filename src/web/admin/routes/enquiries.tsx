// Contact Enquiries (docs/product.md#enquiries-screen): the booking enquiries sent through the website,
// newest first, with a status, selection for bulk delete, and the button that mails every pending
// notification. Toasts here are sonner's (4 s, up to 3 visible; docs/product.md#toasts). While e-mails are
// owed, a note above the list says why in the owner's words and how many visitors wait for their
// acknowledgement; the button's outcome is one toast (issue 15). On a phone the note is one line and the
// filters wait behind one button, so the first enquiry is on the first screen (issue 28).
import { useEffect, useMemo } from 'react';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { EmptyState, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { useEnquiries } from '../api/enquiries-list.ts';
import { enquiriesFileName, useExportEnquiries } from '../api/enquiries-export.ts';
import { EnquiryCard } from './enquiries/enquiry-card.tsx';
import { EnquirySearch } from './enquiries/enquiry-search.tsx';
import { errorToast } from './enquiries/error-toast.ts';
import { MailNotices } from './enquiries/mail-notices.tsx';
import { SelectionBar } from './enquiries/selection-bar.tsx';
import { SendPendingButton } from './enquiries/send-pending-button.tsx';
import { useEnquiryDeletion } from './enquiries/use-enquiry-deletion.ts';
import { useEnquiryFilter } from './enquiries/use-enquiry-filter.ts';
import { useEnquirySelection, type EnquirySelection } from './enquiries/use-enquiry-selection.ts';
import { useScrollToHash } from './enquiries/use-scroll-to-hash.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

/** Why no enquiry shows: they failed to load, the filter hides them all, or none came yet. */
const emptyListMessage = (failed: boolean, anyEnquiries: boolean) =>
  failed
    ? 'Could not load the enquiries. Reload the page to try again.'
    : anyEnquiries
      ? 'No enquiries match this status and search.'
      : 'No enquiries yet';

function EnquiryList({
  list,
  selection,
  onDelete,
}: {
  list: Enquiry[];
  selection: EnquirySelection;
  onDelete: (enquiry: Enquiry) => void;
}) {
  return (
    <ul aria-label="Enquiries" className="space-y-4">
      {list.map((enquiry) => (
        <EnquiryCard
          key={enquiry.id}
          enquiry={enquiry}
          selected={selection.isSelected(enquiry.id)}
          onSelect={(on) => selection.select(enquiry.id, on)}
          onDelete={() => onDelete(enquiry)}
        />
      ))}
    </ul>
  );
}

export function EnquiriesScreen() {
  const enquiries = useEnquiries();
  useEffect(() => {
    if (enquiries.error) errorToast('Failed to fetch enquiries');
  }, [enquiries.error]);
  useScrollToHash(enquiries.isSuccess);

  const exportCsv = useExportEnquiries();
  const all = useMemo(() => enquiries.data ?? [], [enquiries.data]);
  const { filter, setFilter, activeFilter, list } = useEnquiryFilter(all);
  const selection = useEnquirySelection(list);
  const { removeOne, removeSelected, deletingSelected } = useEnquiryDeletion(selection);

  function download() {
    exportCsv.mutate(activeFilter, {
      onSuccess: (blob) => saveFile(blob, enquiriesFileName()),
      onError: () => errorToast('Failed to export enquiries'),
    });
  }

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.enquiries}
        subtitle="Booking enquiries sent through the website's contact form."
        actions={<SendPendingButton />}
      />
      {all.length > 0 && (
        <EnquirySearch
          values={filter}
          onChange={setFilter}
          onExport={download}
          exportDisabled={exportCsv.isPending || list.length === 0}
        />
      )}
      {enquiries.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState>{emptyListMessage(enquiries.isError, all.length > 0)}</EmptyState>
      ) : (
        <>
          <MailNotices list={all} />
          <SelectionBar
            selection={selection}
            shownCount={list.length}
            totalCount={all.length}
            onDeleteSelected={removeSelected}
            deleting={deletingSelected}
          />
          <EnquiryList list={list} selection={selection} onDelete={removeOne} />
        </>
      )}
    </>
  );
}
