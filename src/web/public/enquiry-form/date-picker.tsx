// The preferred date's calendar, a chunk of its own fetched on its first opening: a month grid,
// Monday first, that greys out the days gone and the days already booked (each says why in its name)
// and is driven by the keyboard as a date grid is — arrows move a day or a week, Home and End to the
// week's ends, Page Up and Down a month, Enter picks, Escape closes (docs/product.md#enquiry-form).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { BOOKING_LIMITS } from '#shared/constants.ts';
import { formatDay } from '#shared/day-names.ts';
import { addDays } from '#shared/london-days.ts';
import type { Availability } from './availability.ts';

export interface DatePickerProps {
  /** The London day it was opened on. */
  today: string;
  /** The date in the field ('' when none). */
  value: string;
  /** Null while the booked days are on their way. */
  availability: Availability | null;
  onPick: (day: string) => void;
  onClose: () => void;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The first day of `day`'s month, moved by `months`. */
function monthStart(day: string, months = 0): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 1)).toISOString().slice(0, 10);
}

/** `day` a month on or back, on the same date where the month has it (31 March → 30 April). */
function monthOn(day: string, months: number): string {
  const first = monthStart(day, months);
  const last = addDays(monthStart(day, months + 1), -1);
  const wanted = `${first.slice(0, 8)}${day.slice(8)}`;
  return wanted > last ? last : wanted;
}

/** The month's weeks, Monday first; null where a week reaches into another month. */
function weeksOf(first: string): (string | null)[][] {
  const lead = (new Date(utc(first)).getUTCDay() + 6) % 7;
  const next = monthStart(first, 1);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day < next; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** Why a day cannot be picked (said in its name), or null when it can. */
const whyNot = (day: string, today: string, last: string, availability: Availability | null) =>
  day < today
    ? 'in the past'
    : availability?.taken.has(day)
      ? 'already booked'
      : day > last
        ? 'too far ahead'
        : null;

const KEY_MOVES: Record<string, (day: string) => string> = {
  ArrowLeft: (day) => addDays(day, -1),
  ArrowRight: (day) => addDays(day, 1),
  ArrowUp: (day) => addDays(day, -7),
  ArrowDown: (day) => addDays(day, 7),
  Home: (day) => addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7)),
  End: (day) => addDays(day, 6 - ((new Date(utc(day)).getUTCDay() + 6) % 7)),
  PageUp: (day) => monthOn(day, -1),
  PageDown: (day) => monthOn(day, 1),
};

export function DatePicker({ today, value, availability, onPick, onClose }: DatePickerProps) {
  const last = addDays(today, BOOKING_LIMITS.aheadDays);
  const within = (day: string) => (day < today ? today : day > last ? last : day);
  const [focused, setFocused] = useState(() => within(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : today));
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(true);
  const headingId = useId();

  // Focus follows the day the keyboard moved to (and lands on it when the calendar opens).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>('[tabindex="0"]')?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    moved.current = true;
    setFocused(within(move(focused)));
  };

  const first = monthStart(focused);
  return (
    <div
      role="dialog"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
      className="absolute left-0 top-full z-20 mt-2 rounded-lg border-2 border-ink-500 bg-ink-900 p-3 text-ink-50 shadow-xl"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <MonthButton
          label="Previous month"
          disabled={first <= today}
          onClick={() => setFocused(within(monthOn(focused, -1)))}
        />
        <h3
          id={headingId}
          aria-live="polite"
          className="font-display text-lg font-semibold uppercase tracking-wider"
        >
          {monthName.format(utc(first))}
        </h3>
        <MonthButton
          label="Next month"
          disabled={monthStart(first, 1) > last}
          onClick={() => setFocused(within(monthOn(focused, 1)))}
        />
      </div>
      <MonthGrid
        gridRef={grid}
        labelledBy={headingId}
        first={first}
        onKeyDown={onKeyDown}
        day={(day) => (
          <DayCell
            key={day}
            day={day}
            today={today}
            selected={day === value}
            focused={day === focused}
            why={whyNot(day, today, last, availability)}
            onPick={onPick}
          />
        )}
      />
      <p className="mt-2 text-xs text-ink-200">{availabilityNote(availability)}</p>
    </div>
  );
}

/** The month's weeks under the weekdays' heads; `day` draws each day of the month. */
function MonthGrid({
  gridRef,
  labelledBy,
  first,
  onKeyDown,
  day: drawDay,
}: {
  gridRef: RefObject<HTMLTableElement | null>;
  labelledBy: string;
  first: string;
  onKeyDown: (event: KeyboardEvent) => void;
  day: (day: string) => ReactNode;
}) {
  return (
    <table
      ref={gridRef}
      role="grid"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className="w-full border-collapse text-center"
    >
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th key={weekday} scope="col" abbr={weekday} className="pb-1 text-xs font-semibold text-ink-200">
              {weekday.slice(0, 2)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(first).map((week) => (
          <tr key={week.find(Boolean)}>{week.map((day, i) => (day ? drawDay(day) : <td key={i} />))}</tr>
        ))}
      </tbody>
    </table>
  );
}

const availabilityNote = (availability: Availability | null) =>
  availability === null
    ? 'Checking which days are booked…'
    : availability.checked
      ? 'Crossed-out days are already booked.'
      : 'We could not check which days are booked just now.';

function MonthButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = label.startsWith('Previous') ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-md text-ink-50 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-accent-400 disabled:opacity-40"
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

function DayCell({
  day,
  today,
  selected,
  focused,
  why,
  onPick,
}: {
  day: string;
  today: string;
  selected: boolean;
  focused: boolean;
  why: string | null;
  onPick: (day: string) => void;
}) {
  const name = [formatDay(day, { month: 'long' }), day === today && 'today', why].filter(Boolean).join(', ');
  return (
    <td aria-selected={selected || undefined} className="p-0">
      <button
        type="button"
        tabIndex={focused ? 0 : -1}
        aria-label={name}
        aria-disabled={why ? true : undefined}
        aria-current={day === today ? 'date' : undefined}
        onClick={() => why === null && onPick(day)}
        className={`size-10 rounded-md text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-accent-400 ${
          selected
            ? 'bg-accent-600 font-semibold text-white'
            : why
              ? `cursor-not-allowed text-ink-300 ${why === 'already booked' ? 'line-through decoration-2' : ''}`
              : 'hover:bg-ink-700'
        } ${day === today ? 'ring-1 ring-inset ring-accent-400' : ''}`}
      >
        {Number(day.slice(8))}
      </button>
    </td>
  );
}
