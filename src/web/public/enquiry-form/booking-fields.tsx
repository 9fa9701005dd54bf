// The optional booking details between the organisation and the message (docs/product.md#enquiry-form):
// the preferred date (typed, or picked in a calendar that shows the days already booked), the type of
// event and the expected number of people; then the visitor's phone number, also optional (issue 36).
// All in the server's markup like the other fields.
import { CalendarDays } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { BOOKING_LIMITS, EVENT_TYPES } from '#shared/constants.ts';
import { PHONE_MAX_LENGTH } from '#shared/phone.ts';
import { EVENT_TYPE_LABELS } from '#shared/event-types.ts';
import { CONTROL, Field, type ControlProps } from './enquiry-field.tsx';
import type { EnquiryField, FieldProblems } from './enquiry-fields.ts';
import { typeInto, type PreferredDate } from './use-preferred-date.ts';

export const TAKEN_NOTE =
  'That day is already booked — send your enquiry anyway and we’ll suggest another date.';

/**
 * Side by side from `sm`, the people's label takes two lines in the form's column and the phone's one:
 * both labels keep two lines' height there, so the two boxes line up.
 */
const PAIRED_LABEL = 'sm:min-h-10';

interface BookingFieldsProps {
  id: string;
  problems: FieldProblems;
  control: (field: EnquiryField, describedBy?: string) => ControlProps;
  date: PreferredDate;
}

export function BookingFields({ id, problems, control, date }: BookingFieldsProps) {
  return (
    // In the form's grid: the date and the type side by side from `sm`, the people and the phone under them.
    <>
      <DateField id={id} problem={problems.preferred_date} control={control} date={date} />
      <Field id={`${id}-event_type`} field="event_type" problem={problems.event_type}>
        <select {...control('event_type')} defaultValue="" className={`${CONTROL} [color-scheme:dark]`}>
          <option value="">Choose one</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {EVENT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-people`} field="people" problem={problems.people} labelClassName={PAIRED_LABEL}>
        <input
          {...control('people')}
          type="number"
          inputMode="numeric"
          min={1}
          max={BOOKING_LIMITS.maxPeople}
          step={1}
          className={`${CONTROL} [color-scheme:dark]`}
        />
      </Field>
      {/* Beside the people from `sm`: the crew rings the contact on the day (issue 36). */}
      <Field id={`${id}-phone`} field="phone" problem={problems.phone} labelClassName={PAIRED_LABEL}>
        <input
          {...control('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          placeholder="07700 900123"
          className={CONTROL}
        />
      </Field>
    </>
  );
}

function DateField({
  id,
  problem,
  control,
  date,
}: Omit<BookingFieldsProps, 'problems'> & { problem: string | undefined }) {
  const fieldId = `${id}-preferred_date`;
  const noteId = `${fieldId}-note`;
  const { ref, ...props } = control('preferred_date', noteId);
  const input = useRef<HTMLInputElement | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const { Picker, openedOn, close } = date;
  const wrapper = useCloseOnOutsidePress(openedOn !== null, close);
  const closeAndReturn = () => {
    close();
    toggle.current?.focus();
  };
  return (
    <Field id={fieldId} field="preferred_date" problem={problem}>
      <div ref={wrapper} className="relative">
        <div className="flex gap-2">
          <input
            {...props}
            ref={(element) => {
              ref(element);
              input.current = element;
            }}
            type="date"
            onInput={date.onInput}
            // The calendar button beside it shows which days are free; the browser's own cannot.
            className={`${CONTROL} min-w-0 [color-scheme:dark] [&::-webkit-calendar-picker-indicator]:hidden`}
          />
          <button
            ref={toggle}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={openedOn !== null}
            onClick={date.onToggle}
            className="inline-flex min-h-12 min-w-12 shrink-0 items-center justify-center rounded-lg border-2 border-ink-500 bg-ink-950 text-ink-50 transition-colors hover:border-ink-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-60 aria-expanded:border-accent-400"
          >
            <CalendarDays className="size-5" aria-hidden="true" />
            <span className="sr-only">Choose a date from the calendar</span>
          </button>
        </div>
        {openedOn && Picker && (
          <Picker
            today={openedOn}
            value={date.value}
            availability={date.availability}
            onPick={(day) => {
              if (input.current) typeInto(input.current, day);
              closeAndReturn();
            }}
            onClose={closeAndReturn}
          />
        )}
      </div>
      <p id={noteId} aria-live="polite" className="text-sm font-semibold text-accent-300">
        {date.taken && TAKEN_NOTE}
      </p>
    </Field>
  );
}

/** A press outside the field closes the calendar (a phone has no Escape key). */
function useCloseOnOutsidePress(open: boolean, close: () => void) {
  const wrapper = useRef<HTMLDivElement>(null);
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open]);
  return wrapper;
}
