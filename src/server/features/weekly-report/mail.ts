// The weekly report as an e-mail: plain text and HTML from the same sections, every value escaped.
import { formatDay } from '#shared/day-names.ts';
import { counted, sectionName } from '#shared/report-words.ts';
import { otherSourcesLabel, type SourceCount, type SourceReport } from '#shared/schemas/enquiry-source.ts';
import { escapeHtml } from '../../mail/compose.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { WeeklyReport } from './report.ts';

interface Section {
  title: string;
  /** Label and value pairs, shown as a table in HTML. */
  rows?: [string, string][];
  /** Sentences, shown as a list. */
  lines?: string[];
  /** Shown when there are neither rows nor lines. */
  empty?: string;
}

/** "Tue 18 Nov" for a London day (the day string is already London's). */
const dayLabel = (day: string) => formatDay(day, { year: false });
const STATUS_NAMES = { new: 'New', contacted: 'Contacted', booked: 'Booked', closed: 'Closed', spam: 'Spam' };

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
/** Pence as the owner reads money ('£1,850.00'). */
const money = (pence: number) => POUNDS.format(pence / 100);

/** "Fri 14 Aug to Sun 16 Aug, Tom Jones, Henley Showground (provisional)". */
const bookingLine = (b: WeeklyReport['comingBookings'][number]): [string, string] => [
  b.start_date === b.end_date
    ? dayLabel(b.start_date)
    : `${dayLabel(b.start_date)} to ${dayLabel(b.end_date)}`,
  [b.customer_name, b.location].filter(Boolean).join(', ') +
    (b.state === 'provisional' ? ' (provisional hold)' : ''),
];

/** A number as the screen prints it ('2,000'). */
const figure = (n: number) => n.toLocaleString('en-GB');

const sourceFigures = (s: Omit<SourceCount, 'source'>) =>
  [
    ...(s.visitors === null ? [] : [counted(s.visitors, 'visitor', 'visitors')]),
    counted(s.enquiries, 'enquiry', 'enquiries'),
    `${figure(s.booked)} booked`,
    ...(s.confirmed > 0 ? [`${figure(s.confirmed)} confirmed worth ${money(s.value_pence)}`] : []),
    // What came in, a cancelled booking's kept deposit too (docs/decisions/0474).
    ...(s.received_pence !== 0 ? [`${money(s.received_pence)} received`] : []),
  ].join(', ');

/** The screen's rows: its top sources, then the rest in one row (decision 0435). */
function sourceRows({ sources, others }: SourceReport): [string, string][] {
  const rows = sources.map((s): [string, string] => [s.source, sourceFigures(s)]);
  return others ? [...rows, [otherSourcesLabel(others), sourceFigures(others)]] : rows;
}

function sectionsOf(report: WeeklyReport): Section[] {
  return [
    {
      title: 'Needs your attention',
      lines: report.needsAction,
      empty: 'Nothing needs your attention.',
    },
    {
      title: 'Visitors',
      rows: [
        ['Visitors', figure(report.visitors)],
        ['Page views', figure(report.pageViews)],
      ],
    },
    {
      title: 'Enquiries received',
      rows: [
        ['Total', figure(report.enquiries.total)],
        ...Object.entries(report.enquiries.byStatus)
          .filter(([, count]) => count > 0)
          .map(([status, count]): [string, string] => [
            `Now ${STATUS_NAMES[status as keyof typeof STATUS_NAMES].toLowerCase()}`,
            figure(count),
          ]),
      ],
    },
    {
      title: 'Bookings by source',
      rows: sourceRows(report.sources),
      empty: 'No enquiries this week.',
    },
    {
      title: 'Sections visitors spent longest on',
      // The Analytics screen's names: 'Action gallery', not the page's code 'action-gallery'.
      rows: report.topSections.map((s): [string, string] => [
        sectionName(s.section),
        `${s.avg_time} s on average`,
      ]),
      empty: 'No section views recorded (only visitors who accept cookies are counted).',
    },
    {
      title: 'Bookings in the coming week',
      rows: report.comingBookings.map(bookingLine),
      empty: 'No bookings in the coming week.',
    },
    {
      title: 'Next events',
      rows: report.nextEvents.map((e): [string, string] => [dayLabel(e.date), `${e.name}, ${e.location}`]),
      empty: 'No upcoming events on the website: add some in Events.',
    },
  ];
}

function sectionText(section: Section): string {
  const body = section.rows?.length
    ? section.rows.map(([label, value]) => `  ${label}: ${value}`)
    : section.lines?.length
      ? section.lines.map((line) => `  - ${line}`)
      : [`  ${section.empty ?? ''}`];
  return [section.title.toUpperCase(), ...body].join('\n');
}

function sectionHtml(section: Section): string {
  const title = `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.title)}</h2>`;
  if (section.rows?.length) {
    const rows = section.rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`,
      )
      .join('');
    return `${title}<table style="border-collapse:collapse">${rows}</table>`;
  }
  if (section.lines?.length) {
    return `${title}<ul>${section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  }
  return `${title}<p>${escapeHtml(section.empty ?? '')}</p>`;
}

export function weeklyReportMail(
  report: WeeklyReport,
  to: string,
  links: { admin: string; settings: string },
  options: { preview: boolean },
): OutgoingMail {
  const period = `${dayLabel(report.from)} – ${dayLabel(report.to)}`;
  const subject =
    `${options.preview ? '[Preview] ' : ''}${report.business} weekly report, ${period}: ` +
    `${counted(report.visitors, 'visitor', 'visitors')}, ${counted(report.enquiries.total, 'enquiry', 'enquiries')}`;
  const intro = `The last 7 days on the website of ${report.business} (${period}), as the admin area shows them.`;
  const footer =
    `You get this every Monday at 08:00 because you turned it on in Settings › Weekly report; ` +
    `turn it off there: ${links.settings}`;
  const sections = sectionsOf(report);
  const text = [intro, ...sections.map(sectionText), `Open the admin area: ${links.admin}`, footer].join(
    '\n\n',
  );
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(sectionHtml),
    `<p style="margin-top:24px"><a href="${escapeHtml(links.admin)}">Open the admin area</a></p>`,
    `<p style="color:#666;font-size:13px">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return {
    to,
    subject,
    text: `${text}\n`,
    html: `<!doctype html>\n<html><body style="font-family:sans-serif;line-height:1.5;max-width:640px">\n${html}\n</body></html>\n`,
  };
}
