import { Download } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '#shared/schemas/enquiries.ts';
import { ENQUIRY_SEARCH_MAX } from '#shared/enquiry-filter.ts';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { STATUS_LABELS } from './status-badge.tsx';
import type { EnquirySearchValues } from './use-enquiry-filter.ts';

/** The status filter and search box above the list, and the CSV export of what they show. */
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
  return (
    <div
      role="search"
      aria-label="Find enquiries"
      className="mb-4 grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end"
    >
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
      <Button variant="secondary" onClick={onExport} disabled={exportDisabled}>
        <Download className="size-4" aria-hidden="true" /> Export CSV
      </Button>
    </div>
  );
}
