// The enquiry status as a coloured pill, 'new' when missing (docs/product.md#enquiry-statuses).
import type { EnquiryStatus } from '#shared/schemas/enquiries.ts';

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  closed: 'Closed',
  spam: 'Spam',
};

const STATUS_CLASSES: Record<EnquiryStatus, string> = {
  new: 'bg-orange-100 text-accent-700',
  contacted: 'bg-sky-100 text-sky-900',
  booked: 'bg-green-100 text-green-900',
  closed: 'bg-ink-100 text-ink-800',
  spam: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase ${STATUS_CLASSES[status]}`}
    >
      {status}
    </span>
  );
}
