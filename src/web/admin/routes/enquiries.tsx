// Contact Enquiries (SPEC §2, §5, §8): the booking enquiries sent through the website, newest first,
// with a status, selection for bulk delete, and the button that mails every pending notification.
// Toasts here are sonner's (4 s, up to 3 visible; SPEC §4). While e-mails are owed, a note above the
// list says why in the owner's words and how many visitors wait for their acknowledgement; the
// button's outcome is one toast (issue 15).
import {
  BellRing,
  Building2,
  Download,
  Mail,
  MailQuestion,
  Reply,
  Send,
  Signpost,
  Trash2,
} from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryStatus,
  type NotificationWait,
} from '#shared/schemas/enquiries.ts';
import { EmptyState, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { ENQUIRY_SEARCH_MAX, matchesEnquiryFilter } from '#shared/enquiry-filter.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useBulkDeleteEnquiries } from '../api/enquiries-bulk-delete.ts';
import { useDeleteEnquiry } from '../api/enquiries-delete.ts';
import { useEnquiries } from '../api/enquiries-list.ts';
import { enquiriesFileName, useExportEnquiries } from '../api/enquiries-export.ts';
import { useSendPendingNotifications } from '../api/enquiries-send-notifications.ts';
import { useUpdateEnquiryStatus } from '../api/enquiries-update-status.ts';
import { useSetupStatus } from '../api/setup-status.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { StatusBadge, STATUS_LABELS } from './enquiries/status-badge.tsx';
import { describeSource, formatReceived } from './enquiries/format.ts';
import { useRestoreDeleted } from '../api/trash.ts';

const errorToast = (description: string) => toast.error('Error', { description });

const WAIT_LABELS: Record<NotificationWait, string> = {
  address: 'Notification pending: no address yet',
  mail_server: 'Notification pending: mail server problem',
  sending: 'Notification pending',
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Why e-mails are still owed and what fixes it, above the list; nothing when every e-mail went. */
function PendingMailNote({ list }: { list: Enquiry[] }) {
  const setup = useSetupStatus();
  const pending = list.filter((enquiry) => enquiry.notification_pending);
  if (pending.length === 0) return null;
  const waitingForAddress = pending.filter((e) => e.notification_waiting_for === 'address').length;
  const failing = pending.filter((e) => e.notification_waiting_for === 'mail_server').length;
  const visitorsWaiting = pending.filter((e) => e.acknowledgement_pending).length;
  const canEdit = setup.data?.business_details.can_edit ?? false;
  return (
    <div
      role="note"
      aria-label="E-mails still to send"
      className="mb-4 flex items-start gap-3 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <MailQuestion className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">
          {plural(pending.length, 'enquiry has', 'enquiries have')} e-mails still to send.
        </p>
        {waitingForAddress > 0 && (
          <p>
            No address to send enquiries to yet —{' '}
            {canEdit ? (
              <Link
                to={`${ADMIN_PATHS.settings}#settings-business`}
                className="font-semibold underline underline-offset-2"
              >
                add the business e-mail in Settings › Business details
              </Link>
            ) : (
              'ask a superadmin to add the business e-mail in Settings › Business details'
            )}
            . {waitingForAddress === 1 ? 'It goes' : 'They go'} to you as soon as it is saved.
          </p>
        )}
        {failing > 0 && (
          <p>
            {setup.data?.notifications.last_failure ?? 'The mail server did not take them.'}{' '}
            {failing === 1 ? 'It is' : 'They are'} retried automatically, or use Send Pending Notifications
            once it is fixed.
          </p>
        )}
        <p>
          {visitorsWaiting === 0
            ? 'No visitor is waiting for an acknowledgement.'
            : `${plural(visitorsWaiting, 'visitor is', 'visitors are')} still waiting for an acknowledgement.`}
        </p>
      </div>
    </div>
  );
}

function EnquiryCard({
  enquiry,
  selected,
  onSelect,
  onDelete,
}: {
  enquiry: Enquiry;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
}) {
  const updateStatus = useUpdateEnquiryStatus();
  const status = enquiry.status ?? 'new';
  const titleId = `enquiry-${enquiry.id}-name`;
  const reply = `mailto:${enquiry.email}?subject=${encodeURIComponent('Re: your booking enquiry')}`;

  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-card border bg-white shadow-sm ${selected ? 'border-accent-600 ring-1 ring-accent-600' : 'border-ink-200'}`}
    >
      <div className="flex gap-3 p-4 sm:p-5">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select enquiry from ${enquiry.name}`}
          className="mt-1 size-5 shrink-0 cursor-pointer accent-accent-600"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-lg font-semibold break-words text-ink-900">
              {enquiry.name}
            </h2>
            <StatusBadge status={status} />
            {enquiry.notification_pending && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                <BellRing className="size-3.5 shrink-0" aria-hidden="true" />
                {WAIT_LABELS[enquiry.notification_waiting_for ?? 'sending']}
              </span>
            )}
            {enquiry.acknowledgement_pending && (
              <span className="inline-flex items-center rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800">
                Visitor not acknowledged yet
              </span>
            )}
            <time
              dateTime={enquiry.created_at}
              className="basis-full text-sm text-ink-600 sm:ml-auto sm:basis-auto"
            >
              {formatReceived(enquiry.created_at)}
            </time>
          </div>
          <dl className="grid grid-cols-1 gap-1 text-sm text-ink-700 sm:grid-cols-2">
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail className="size-4 text-ink-500" aria-hidden="true" />
                <span className="sr-only">Email</span>
              </dt>
              <dd className="min-w-0 truncate">
                <a href={`mailto:${enquiry.email}`} className="text-accent-700 underline underline-offset-2">
                  {enquiry.email}
                </a>
              </dd>
            </div>
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Building2 className="size-4 text-ink-500" aria-hidden="true" />
                <span className="sr-only">Organisation</span>
              </dt>
              <dd className="min-w-0 break-words">{enquiry.organisation}</dd>
            </div>
            <div className="flex min-w-0 items-center gap-1.5 sm:col-span-2">
              <dt>
                <Signpost className="size-4 text-ink-500" aria-hidden="true" />
                <span className="sr-only">Source</span>
              </dt>
              <dd className="min-w-0 break-words">{describeSource(enquiry.source)}</dd>
            </div>
          </dl>
          <p className="rounded-lg bg-ink-50 p-3 text-ink-800 break-words whitespace-pre-line">
            {enquiry.message}
          </p>
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm font-semibold text-ink-800">
              Status
              <select
                value={status}
                disabled={updateStatus.isPending}
                onChange={(event) => {
                  const next = event.target.value as EnquiryStatus;
                  updateStatus.mutate(
                    { id: enquiry.id, status: next },
                    {
                      onSuccess: () =>
                        toast.success('Status updated', {
                          description: `${enquiry.name}: ${STATUS_LABELS[next]}`,
                        }),
                      onError: (error) => errorToast(errorMessage(error, 'Failed to update enquiry status')),
                    },
                  );
                }}
                className="min-h-11 rounded-lg border border-ink-300 bg-white px-3 text-base font-normal text-ink-900 focus:outline-2 focus:outline-accent-400"
              >
                {ENQUIRY_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
            <a
              href={reply}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink-100 px-4 text-sm font-semibold text-ink-900 hover:bg-ink-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink-500"
              aria-label={`Reply to ${enquiry.name} by email`}
            >
              <Reply className="size-4" aria-hidden="true" /> Reply
            </a>
            <Button
              variant="ghost"
              className="ml-auto text-danger-600 hover:bg-red-50"
              onClick={onDelete}
              aria-label={`Delete enquiry from ${enquiry.name}`}
            >
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

export function EnquiriesScreen() {
  const enquiries = useEnquiries();
  const deleteOne = useDeleteEnquiry();
  const deleteMany = useBulkDeleteEnquiries();
  const restore = useRestoreDeleted();
  const sendPending = useSendPendingNotifications();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    if (enquiries.error) errorToast('Failed to fetch enquiries');
  }, [enquiries.error]);

  const [filter, setFilter] = useState<{ status: EnquiryStatus | ''; q: string }>({ status: '', q: '' });
  const exportCsv = useExportEnquiries();
  const all = useMemo(() => enquiries.data ?? [], [enquiries.data]);
  // The filter the export uses too (src/shared/enquiry-filter.ts): what you see is what you download.
  const activeFilter = useMemo(
    () => ({ status: filter.status || undefined, q: filter.q.trim() || undefined }),
    [filter],
  );
  const list = useMemo(() => all.filter((e) => matchesEnquiryFilter(e, activeFilter)), [all, activeFilter]);
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

  /** Issue 17: deleted enquiries wait in Recently deleted for 30 days; Undo brings them back at once. */
  const undoAction = (ids: number[]) => ({
    label: 'Undo',
    onClick: () =>
      restore.mutate(
        ids.map((id) => ({ kind: 'enquiries' as const, id })),
        {
          onSuccess: () => toast.success('Restored', { description: `${ids.length} enquiry(ies) restored` }),
          onError: () => errorToast('Failed to restore enquiries'),
        },
      ),
  });

  function removeOne(enquiry: Enquiry) {
    if (!window.confirm('Are you sure you want to delete this enquiry?')) return;
    deleteOne.mutate(enquiry.id, {
      onSuccess: () => {
        select(enquiry.id, false);
        toast.success('Success', {
          description: 'Enquiry deleted successfully',
          action: undoAction([enquiry.id]),
        });
      },
      onError: () => errorToast('Failed to delete enquiry'),
    });
  }

  function removeSelected() {
    const ids = selectedIds;
    // SPEC §5. The button only shows with a selection, but the list may have changed under it.
    if (ids.length === 0) {
      toast.error('No Selection', { description: 'Please select enquiries to delete' });
      return;
    }
    if (!window.confirm(`Are you sure you want to delete ${ids.length} enquiry(ies)?`)) return;
    deleteMany.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set());
        toast.success('Success', {
          description: `${ids.length} enquiry(ies) deleted successfully`,
          action: undoAction(ids),
        });
      },
      onError: () => errorToast('Failed to delete enquiries'),
    });
  }

  function download() {
    exportCsv.mutate(activeFilter, {
      onSuccess: (blob) => saveFile(blob, enquiriesFileName()),
      onError: () => errorToast('Failed to export enquiries'),
    });
  }

  function notify() {
    sendPending.mutate(undefined, {
      onSuccess: (result) => toast.success('Notifications Sent', { description: result.message }),
      onError: (error) => errorToast(errorMessage(error, 'Failed to send notifications')),
    });
  }

  return (
    <>
      <PageHeader
        title="Contact Enquiries"
        subtitle="Booking enquiries sent through the website's contact form."
        actions={
          <Button
            variant="secondary"
            onClick={notify}
            disabled={sendPending.isPending}
            className="w-full sm:w-auto"
          >
            <Send className="size-4" aria-hidden="true" />
            {sendPending.isPending ? 'Sending…' : 'Send Pending Notifications'}
          </Button>
        }
      />
      {all.length > 0 && (
        <div
          role="search"
          aria-label="Find enquiries"
          className="mb-4 grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end"
        >
          <SelectField
            label="Filter by status"
            value={filter.status}
            onChange={(event) =>
              setFilter((f) => ({ ...f, status: event.target.value as EnquiryStatus | '' }))
            }
          >
            <option value="">All statuses</option>
            {ENQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Search enquiries"
            type="search"
            placeholder="Name, e-mail, organisation or message"
            value={filter.q}
            maxLength={ENQUIRY_SEARCH_MAX}
            onChange={(event) => setFilter((f) => ({ ...f, q: event.target.value }))}
          />
          <Button variant="secondary" onClick={download} disabled={exportCsv.isPending || list.length === 0}>
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </Button>
        </div>
      )}
      {enquiries.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <EmptyState>
          {enquiries.isError
            ? 'Could not load the enquiries. Reload the page to try again.'
            : all.length > 0
              ? 'No enquiries match this status and search.'
              : 'No enquiries yet'}
        </EmptyState>
      ) : (
        <>
          <PendingMailNote list={all} />
          <div className="mb-4 flex min-h-13 flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white px-4 py-2">
            <label className="flex cursor-pointer items-center gap-2 font-semibold text-ink-800">
              <input
                type="checkbox"
                checked={allSelected}
                ref={(box) => {
                  if (box) box.indeterminate = selectedIds.length > 0 && !allSelected;
                }}
                onChange={(event) =>
                  setSelected(event.target.checked ? new Set(list.map((e) => e.id)) : new Set())
                }
                className="size-5 cursor-pointer accent-accent-600"
              />
              {list.length === all.length
                ? `Select all (${list.length})`
                : `Select all shown (${list.length} of ${all.length})`}
            </label>
            <span className="text-sm text-ink-600" aria-live="polite">
              {selectedIds.length} selected
            </span>
            {selectedIds.length > 0 && (
              <Button
                variant="danger"
                size="sm"
                className="ml-auto"
                onClick={removeSelected}
                disabled={deleteMany.isPending}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Delete Selected ({selectedIds.length})
              </Button>
            )}
          </div>
          <ul aria-label="Enquiries" className="space-y-4">
            {list.map((enquiry) => (
              <EnquiryCard
                key={enquiry.id}
                enquiry={enquiry}
                selected={selected.has(enquiry.id)}
                onSelect={(on) => select(enquiry.id, on)}
                onDelete={() => removeOne(enquiry)}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
