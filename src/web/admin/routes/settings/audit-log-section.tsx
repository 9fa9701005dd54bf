// The audit log (superadmin): who did what, when, to which item and from which address; newest
// first, a page at a time. The filters work over the pages loaded so far (the API pages by cursor only).
import { History } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { EmptyState } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField } from '../../../components/field.tsx';
import { useAuditLog } from '../../api/audit-log.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { auditItemPath, describeAuditAction } from './audit-actions.ts';
import { SettingsSection } from './section.tsx';

const when = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

const ALL = '';

const CELL_LABEL = 'sr-only';
const COLUMNS = 'md:grid-cols-[10rem_minmax(0,1.5fr)_minmax(0,1.5fr)_5rem_8rem]';

// On a phone each entry reads "what / who / when / item, address"; from md up it is a table row.
function Row({ entry }: { entry: AuditEntry }) {
  const failed = entry.action.endsWith('.failed') || entry.action === 'lockout';
  const itemPath = auditItemPath(entry.action, entry.target_id);
  return (
    <li className={`grid grid-cols-2 gap-x-4 gap-y-0.5 px-4 py-3 md:items-baseline md:gap-y-0 ${COLUMNS}`}>
      <dl className="contents">
        <div className="order-3 col-span-2 md:order-none md:col-span-1">
          <dt className={CELL_LABEL}>When</dt>
          <dd className="text-sm text-ink-700 md:text-base md:text-ink-800">
            <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
          </dd>
        </div>
        <div className="order-2 col-span-2 min-w-0 md:order-none md:col-span-1">
          <dt className={CELL_LABEL}>Who</dt>
          <dd className="break-words text-ink-900 md:font-semibold">{entry.actor}</dd>
        </div>
        <div className="order-1 col-span-2 min-w-0 md:order-none md:col-span-1">
          <dt className={CELL_LABEL}>What</dt>
          <dd
            className={`font-semibold md:font-normal ${failed ? 'text-danger-600 md:font-semibold' : 'text-ink-900'}`}
          >
            {describeAuditAction(entry.action, entry.detail, {
              id: entry.target_id,
              exists: entry.target_exists,
              label: entry.target_label,
            })}
          </dd>
        </div>
        <div className="order-4 md:order-none">
          <dt className={CELL_LABEL}>Item</dt>
          <dd className="text-sm text-ink-700 md:text-base">
            {entry.target_exists && itemPath ? (
              <Link
                to={itemPath}
                className="rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400"
              >
                Open<span className="sr-only"> the screen of this item</span>
              </Link>
            ) : entry.target_exists === false ? (
              <span className="text-ink-600">Since deleted</span>
            ) : (
              <span aria-label="none">—</span>
            )}
          </dd>
        </div>
        <div className="order-5 min-w-0 md:order-none">
          <dt className={CELL_LABEL}>Address</dt>
          <dd className="font-mono text-sm break-all text-ink-700">{entry.ip ?? '—'}</dd>
        </div>
      </dl>
    </li>
  );
}

/** Person and Action pickers, offering only the values among the entries loaded. */
function AuditFilters({
  actor,
  action,
  entries,
  onActorChange,
  onActionChange,
}: {
  actor: string;
  action: string;
  entries: AuditEntry[];
  onActorChange: (actor: string) => void;
  onActionChange: (action: string) => void;
}) {
  const actors = useMemo(() => [...new Set(entries.map((entry) => entry.actor))].sort(), [entries]);
  const actions = useMemo(
    () =>
      [...new Set(entries.map((entry) => entry.action))]
        .map((value) => ({ value, label: describeAuditAction(value) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [entries],
  );
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2">
      <SelectField label="Person" value={actor} onChange={(event) => onActorChange(event.target.value)}>
        <option value={ALL}>Everyone</option>
        {actors.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <SelectField label="Action" value={action} onChange={(event) => onActionChange(event.target.value)}>
        <option value={ALL}>All actions</option>
        {actions.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-ink-200">
      <div
        aria-hidden="true"
        className={`hidden bg-ink-100 px-4 py-2 text-xs font-semibold tracking-wide text-ink-700 uppercase md:grid ${COLUMNS} md:gap-x-4`}
      >
        <span>When</span>
        <span>Who</span>
        <span>What</span>
        <span>Item</span>
        <span>Address</span>
      </div>
      <ul aria-label="Audit log entries" className="divide-y divide-ink-200 bg-white">
        {entries.map((entry) => (
          <Row key={entry.id} entry={entry} />
        ))}
      </ul>
    </div>
  );
}

export function AuditLogSection() {
  const log = useAuditLog(true);
  const [actor, setActor] = useState(ALL);
  const [action, setAction] = useState(ALL);

  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.entries) ?? [], [log.data]);
  const shown = entries.filter(
    (entry) => (actor === ALL || entry.actor === actor) && (action === ALL || entry.action === action),
  );

  return (
    <SettingsSection
      id="settings-audit"
      title="Audit log"
      icon={History}
      description="Every sign-in, security change and edit made in the admin, newest first."
    >
      <QueryStatus query={log} error="Failed to load the audit log">
        {() => (
          <>
            <AuditFilters
              actor={actor}
              action={action}
              entries={entries}
              onActorChange={setActor}
              onActionChange={setAction}
            />
            {shown.length === 0 ? <EmptyState>No entries match.</EmptyState> : <AuditTable entries={shown} />}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {log.hasNextPage ? (
                <Button
                  variant="secondary"
                  onClick={() => void log.fetchNextPage()}
                  disabled={log.isFetchingNextPage}
                >
                  {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              ) : (
                <span className="text-sm text-ink-600">That is the whole log.</span>
              )}
              {(actor !== ALL || action !== ALL) && log.hasNextPage && (
                <span className="text-sm text-ink-600">Filters apply to the entries loaded so far.</span>
              )}
            </div>
          </>
        )}
      </QueryStatus>
    </SettingsSection>
  );
}
