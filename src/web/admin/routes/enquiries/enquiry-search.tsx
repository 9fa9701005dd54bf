import { Download, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type Dispatch, type SetStateAction } from 'react';
import { ENQUIRY_STATUSES } from '#shared/constants.ts';
import type { EnquiryStatus } from '#shared/schemas/enquiries.ts';
import { ENQUIRY_SEARCH_MAX } from '#shared/enquiry-filter.ts';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { STATUS_LABELS } from './status-badge.tsx';
import type { EnquirySearchValues } from './use-enquiry-filter.ts';

/** How many of the filters narrow the list. */
const activeCount = ({ status, q }: EnquirySearchValues) => (status ? 1 : 0) + (q.trim() ? 1 : 0);

/** On a phone the filters wait behind this button, which says how many are on (issue 28). */
function FiltersButton({
  open,
  active,
  controls,
  onToggle,
}: {
  open: boolean;
  active: number;
  controls: string;
  onToggle: () => void;
}) {
  const described = useId();
  // The count in words is the button's description: its name stays what it shows ('Filters (2)').
  return (
    <>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={controls}
        aria-describedby={active > 0 ? described : undefined}
        onClick={onToggle}
        className="sm:hidden"
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      {active > 0 && (
        <span id={described} className="sr-only">
          {active === 1 ? '1 filter is on' : `${active} filters are on`}
        </span>
      )}
    </>
  );
}

/**
 * The status filter and search box above the list, and the CSV export of what they show. On a phone:
 * one row, Filters (which opens the two) and Export; from a tablet up, the three side by side.
 */
export function EnquirySearch({
  values,
  onChange,
  onExport,
  exportDisabled,
}: {
  values: EnquirySearchValues;
  onChange: Dispatch<SetStateAction<EnquirySearchValues>>;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div
      role="search"
      aria-label="Find enquiries"
      className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end"
    >
      <FiltersButton
        open={open}
        active={activeCount(values)}
        controls={panel}
        onToggle={() => setOpen((shown) => !shown)}
      />
      {/* From a tablet up the panel's fields are the grid's own cells. */}
      <div id={panel} className={`${open ? 'grid' : 'hidden'} col-span-2 row-start-2 gap-3 sm:contents`}>
        <SelectField
          label="Filter by status"
          value={values.status}
          onChange={(event) => onChange((f) => ({ ...f, status: event.target.value as EnquiryStatus | '' }))}
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
          value={values.q}
          maxLength={ENQUIRY_SEARCH_MAX}
          onChange={(event) => onChange((f) => ({ ...f, q: event.target.value }))}
        />
      </div>
      <Button
        variant="secondary"
        onClick={onExport}
        disabled={exportDisabled}
        className="col-start-2 row-start-1 sm:col-start-auto sm:row-start-auto"
      >
        <Download className="size-4" aria-hidden="true" /> Export CSV
      </Button>
    </div>
  );
}
