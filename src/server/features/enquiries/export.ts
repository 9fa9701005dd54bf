// Enquiries as CSV (issue 16): the admin's filtered list, for a spreadsheet or another system.
// Formula-safe like the analytics export; a message keeps its line breaks inside its quoted cell.
import { londonDay } from '#shared/london-days.ts';
import { readablePhone } from '#shared/phone.ts';
import type { Enquiry } from '#shared/schemas/enquiries.ts';
import { csvLine } from '../../lib/csv.ts';

const COLUMNS = [
  'received',
  'status',
  'name',
  'email',
  'organisation',
  'message',
  'notification_pending',
  'source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
  'preferred_date',
  'event_type',
  'people',
  'date_taken',
  // Added last (issue 36), so a sheet that reads the earlier columns by position still finds them.
  'phone',
];

export const enquiriesExportFileName = (now: number) => `enquiries_${londonDay(now)}.csv`;

export function enquiriesCsv(enquiries: readonly Enquiry[]): string {
  return (
    csvLine(COLUMNS) +
    enquiries
      .map((e) =>
        csvLine(
          [
            e.created_at,
            e.status,
            e.name,
            e.email,
            e.organisation,
            e.message,
            e.notification_pending ? 'yes' : 'no',
            e.source.label,
            e.source.utm_source ?? '',
            e.source.utm_medium ?? '',
            e.source.utm_campaign ?? '',
            e.source.referrer_host ?? '',
            e.preferred_date,
            e.event_type,
            e.people,
            // Said only where there was a date to judge.
            e.preferred_date === null ? null : e.date_taken ? 'yes' : 'no',
            // As the owner reads it (07700 900123); an international number's + is defused like any
            // other formula sign by csvLine.
            e.phone === null ? null : readablePhone(e.phone),
          ],
          true,
        ),
      )
      .join('')
  );
}
