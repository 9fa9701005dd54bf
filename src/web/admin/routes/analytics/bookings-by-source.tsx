// "Bookings by source" (issue 17): for the period chosen on the Analytics screen, how many enquiries
// each source brought and how many of them are booked — the campaign's utm_source, else the site the
// visitor came from (search engines and social networks by name: "Google"), else "Direct or
// unknown", named by the server (shared/source-names.ts). Counted from the enquiries themselves, so it
// needs no cookies.
// When visitors who accepted analytics cookies were counted per source too, the table becomes the
// funnel visitors → enquiries → booked (decision 0428).
import { Download } from 'lucide-react';
import { Fragment } from 'react';
import { toast } from 'sonner';
import {
  allSources,
  otherSourcesLabel,
  type SourceCount,
  type SourceReport,
} from '#shared/schemas/enquiry-source.ts';
import { EmptyState } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { useScrollsSideways } from '../../../lib/use-scrolls-sideways.ts';
import {
  bookingsBySourceFileName,
  useBookingsBySource,
  useExportBookingsBySource,
} from '../../api/enquiries-by-source.ts';
import { count } from './format.ts';

const percent = (part: number, whole: number | null) =>
  !whole ? '—' : `${Math.round((part / whole) * 100)}%`;

// Narrow gaps on a phone; the funnel with its money columns is wider than a 390 px screen and scrolls.
const NUMBER_CELL = 'py-2 pr-2 text-right tabular-nums last:pr-0 sm:pr-4';

interface Column {
  heading: string;
  cell: (row: SourceCount) => string;
  /** Shown only on a phone, or only from 640 px: the money moves to the front on a phone. */
  only?: 'phone' | 'wide';
}

const SHOWN_ON = { phone: 'sm:hidden', wide: 'hidden sm:table-cell' } as const;
const shownOn = (column: Column) => (column.only ? SHOWN_ON[column.only] : '');
const keyOf = (column: Column) => `${column.heading}-${column.only ?? 'all'}`;

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
});

const received = (only: Column['only']): Column => ({
  heading: 'Received',
  cell: (row) => pounds.format(row.received_pence / 100),
  only,
});
const quoted = (only: Column['only']): Column => ({
  heading: 'Quoted',
  cell: (row) => pounds.format(row.value_pence / 100),
  only,
});

/**
 * On a phone the money comes first, what came in before what was quoted (docs/decisions/0474), so
 * the owner sees it without swiping the table.
 */
const PHONE_MONEY: Column[] = [received('phone'), quoted('phone')];

/**
 * Confirmed bookings (docs/product.md#bookings), the sum of their prices (quoted) and the money their
 * bookings brought in (received): which channel brings revenue.
 */
const MONEY_COLUMNS: Column[] = [
  { heading: 'Confirmed', cell: (row) => count(row.confirmed) },
  quoted('wide'),
  received('wide'),
];

const ENQUIRY_COLUMNS: Column[] = [
  ...PHONE_MONEY,
  { heading: 'Enquiries', cell: (row) => count(row.enquiries) },
  { heading: 'Booked', cell: (row) => count(row.booked) },
  { heading: 'Booked %', cell: (row) => percent(row.booked, row.enquiries) },
  ...MONEY_COLUMNS,
];

const FUNNEL_COLUMNS: Column[] = [
  ...PHONE_MONEY,
  { heading: 'Visitors', cell: (row) => count(row.visitors ?? 0) },
  { heading: 'Enquiries', cell: (row) => count(row.enquiries) },
  { heading: 'Visitor → enquiry', cell: (row) => percent(row.enquiries, row.visitors) },
  { heading: 'Booked', cell: (row) => count(row.booked) },
  { heading: 'Booked %', cell: (row) => percent(row.booked, row.enquiries) },
  ...MONEY_COLUMNS,
];

/** A host name that may wrap after its dots ("instagram.<wbr>com"), never inside a word. */
function HostName({ name }: { name: string }) {
  const parts = name.split('.');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

function Cells({ row, columns }: { row: SourceCount; columns: Column[] }) {
  return columns.map((column) => (
    <td key={keyOf(column)} className={`${NUMBER_CELL} ${shownOn(column)}`}>
      {column.cell(row)}
    </td>
  ));
}

/** The sources past the top ones, as one row (decision 0435); its label has a capital, no source's has. */
const othersRow = ({ others }: SourceReport): SourceCount | null =>
  others && { ...others, source: otherSourcesLabel(others) };

function SourceTable({
  report,
  headingId,
  boxRef,
}: {
  report: SourceReport;
  headingId: string;
  boxRef: (box: HTMLDivElement | null) => void;
}) {
  const others = othersRow(report);
  const rows = others ? [...report.sources, others] : report.sources;
  const columns = rows.some((row) => row.visitors !== null) ? FUNNEL_COLUMNS : ENQUIRY_COLUMNS;
  const total = allSources(rows);
  return (
    // On a phone the funnel is wider than the screen: the table scrolls, by touch or by keyboard.
    <div
      ref={boxRef}
      className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
      role="region"
      aria-labelledby={headingId}
      tabIndex={0}
    >
      <table aria-labelledby={headingId} className="w-full text-left text-xs sm:text-sm">
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            <th scope="col" className="py-2 pr-2 font-medium sm:pr-4">
              Source
            </th>
            {columns.map((column) => (
              <th key={keyOf(column)} scope="col" className={`${NUMBER_CELL} font-medium ${shownOn(column)}`}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 text-ink-900">
          {report.sources.map((row) => (
            <tr key={row.source}>
              <th scope="row" className="py-2 pr-2 font-medium sm:pr-4">
                <HostName name={row.source} />
              </th>
              <Cells row={row} columns={columns} />
            </tr>
          ))}
          {others && (
            <tr className="text-ink-600">
              <th scope="row" className="py-2 pr-2 font-medium italic sm:pr-4">
                {others.source}
              </th>
              <Cells row={others} columns={columns} />
            </tr>
          )}
        </tbody>
        <tfoot className="border-t border-ink-200 font-semibold text-ink-900">
          <tr>
            <th scope="row" className="py-2 pr-2 sm:pr-4">
              {total.source}
            </th>
            <Cells row={total} columns={columns} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function BookingsBySource({ days, headingId }: { days: number; headingId: string }) {
  const query = useBookingsBySource(days);
  const exportCsv = useExportBookingsBySource();
  const [boxRef, scrollsSideways] = useScrollsSideways<HTMLDivElement>();
  if (query.isPending) return <p className="text-ink-600">Loading…</p>;
  if (query.isError) return <p className="text-ink-600">Bookings by source could not be loaded.</p>;
  const { sources, others } = query.data;
  if (sources.length === 0) return <EmptyState>No enquiries in the last {days} days yet.</EmptyState>;
  const withVisitors = sources.some((row) => row.visitors !== null);
  return (
    <div>
      <SourceTable report={query.data} headingId={headingId} boxRef={boxRef} />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-600">
          From the enquiries received in the period (spam left out): the campaign's utm_source, else the site
          the visitor came from — search engines and social networks by name. Booked counts those whose
          booking is confirmed and Quoted adds up their prices; Received is the money their bookings brought
          in (deposits and balances, a cancelled booking's kept deposit too, less refunds).
          {scrollsSideways && ' Swipe the table sideways to see every column.'}
          {withVisitors &&
            ' Visitors are those who accepted analytics cookies, counted by where their first visit came from, so a source can show more enquiries than visitors.'}
          {others &&
            ` Only the top ${count(sources.length)} sources are listed; the other ${count(others.sources)} are added up in the last row.`}
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
