// "Bookings by source" (issue 17): for the period chosen on the Analytics screen, how many enquiries
// each source brought and how many of them are booked — the campaign's utm_source, else the site the
// visitor came from, else "direct". Counted from the enquiries themselves, so it needs no cookies.
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { DIRECT_SOURCE } from '#shared/schemas/enquiry-source.ts';
import { EmptyState } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import {
  bookingsBySourceFileName,
  useBookingsBySource,
  useExportBookingsBySource,
} from '../../api/enquiries-by-source.ts';
import { count } from './format.ts';

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

export function BookingsBySource({ days, headingId }: { days: number; headingId: string }) {
  const query = useBookingsBySource(days);
  const exportCsv = useExportBookingsBySource();
  if (query.isPending) return <p className="text-ink-600">Loading…</p>;
  if (query.isError) return <p className="text-ink-600">Bookings by source could not be loaded.</p>;
  if (query.data.length === 0) return <EmptyState>No enquiries in the last {days} days yet.</EmptyState>;
  const total = query.data.reduce(
    (sum, row) => ({ enquiries: sum.enquiries + row.enquiries, booked: sum.booked + row.booked }),
    { enquiries: 0, booked: 0 },
  );
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={headingId} className="w-full text-left text-sm">
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Source
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Enquiries
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Booked
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Booked %
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 text-ink-900">
          {query.data.map((row) => (
            <tr key={row.source}>
              <th scope="row" className="max-w-48 truncate py-2 pr-4 font-medium">
                {row.source === DIRECT_SOURCE ? 'Direct or unknown' : row.source}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{count(row.enquiries)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{count(row.booked)}</td>
              <td className="py-2 text-right tabular-nums">{percent(row.booked, row.enquiries)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-ink-200 font-semibold text-ink-900">
          <tr>
            <th scope="row" className="py-2 pr-4">
              All sources
            </th>
            <td className="py-2 pr-4 text-right tabular-nums">{count(total.enquiries)}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{count(total.booked)}</td>
            <td className="py-2 text-right tabular-nums">{percent(total.booked, total.enquiries)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-600">
          From the enquiries received in the period (spam left out): the campaign's utm_source, else the site
          the visitor came from.
        </p>
        <Button
          variant="secondary"
          disabled={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(days, {
              onSuccess: (blob) => saveFile(blob, bookingsBySourceFileName(days)),
              onError: () => toast.error('Error', { description: 'Failed to export bookings by source' }),
            })
          }
        >
          <Download className="size-4" aria-hidden="true" />
          Export bookings by source
        </Button>
      </div>
    </div>
  );
}
