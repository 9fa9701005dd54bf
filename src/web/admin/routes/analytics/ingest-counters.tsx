// Superadmins only: how this server's event ingestion has gone since it started (queue, drops, the
// database being down), for whoever looks after the server.
import { ChevronRight } from 'lucide-react';
import { Card } from '../../../components/admin-ui.tsx';
import { useIngestStats } from '../../api/analytics-ingest-stats.ts';
import { count, londonTime } from './format.ts';
import { SectionHeading } from './section-heading.tsx';

export function IngestCounters() {
  const stats = useIngestStats(true);
  if (!stats.data) return null;
  const s = stats.data;
  const rows: [string, number][] = [
    ['Accepted', s.accepted],
    ['Written', s.written],
    ['Queue depth', s.queued],
    ['Refused (rate limit)', s.limited],
    ['Not stored (no consent)', s.no_consent],
    ['Dropped (bots)', s.dropped_bots],
    ['Dropped (queue full)', s.dropped_queue_full],
    ['Dropped (refused by the database)', s.dropped_refused],
    ['Lost at shutdown', s.dropped_at_shutdown],
    ['Failed writes (retried)', s.failed_flushes],
  ];
  return (
    <Card className="mt-6">
      <SectionHeading>Event Ingestion</SectionHeading>
      <p className="-mt-2 text-sm text-ink-600">
        How this server handled the website&apos;s tracking since it last started — for whoever looks after
        the server.
      </p>
      {s.database_down_since && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          The database has not accepted events since {londonTime(s.database_down_since)}. They are kept in the
          queue and written as soon as it answers again.
        </p>
      )}
      <details className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400">
          <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
          Details
        </summary>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-ink-50 p-3">
              <dt className="text-sm text-ink-600">{label}</dt>
              <dd className="text-xl font-semibold text-ink-900">{count(value)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </Card>
  );
}
