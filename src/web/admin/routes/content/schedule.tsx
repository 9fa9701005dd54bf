// Scheduled content in the admin (issue 17): the form's "Show from" / "Hide after" times, typed in UK
// time whatever the device's zone, and the card's line saying when an item appears or went.
import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { londonDisplayTime, londonLocalToEpoch, londonLocalValue } from '#shared/london-time.ts';
import { scheduleState, type Schedulable } from '#shared/schedule.ts';
import { CONTROL, FieldWrapper, messageAria } from '../../../components/field.tsx';
import { fieldError } from './field-error.ts';

/** A datetime-local control whose form value is an ISO instant (or null), read and written as UK time. */
function LondonTimeField<Values extends FieldValues, Output>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<Values, unknown, Output>;
  name: Path<Values>;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldError(label.replace(/ \(optional\)$/, ''), fieldState.error);
        const iso = typeof field.value === 'string' && field.value ? field.value : null;
        return (
          <FieldWrapper id={id} label={label} hint={hint} error={error}>
            <input
              id={id}
              type="datetime-local"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={iso ? londonLocalValue(Date.parse(iso)) : ''}
              onChange={(event) => {
                const at = londonLocalToEpoch(event.target.value);
                field.onChange(at === undefined ? null : new Date(at).toISOString());
              }}
              {...messageAria(id, hint, error)}
              className={CONTROL}
            />
          </FieldWrapper>
        );
      }}
    />
  );
}

/** The two schedule times of a content form; the values are the schema's `show_from` / `hide_after`. */
export function ScheduleFields<Values extends FieldValues, Output>({
  control,
}: {
  control: Control<Values, unknown, Output>;
}) {
  return (
    <>
      <LondonTimeField
        control={control}
        name={'show_from' as Path<Values>}
        label="Show from (optional)"
        hint="UK time. Empty: on the website as soon as it is switched on."
      />
      <LondonTimeField
        control={control}
        name={'hide_after' as Path<Values>}
        label="Hide after (optional)"
        hint="UK time. Empty: stays until you hide or delete it."
      />
    </>
  );
}

/** "Scheduled — appears Fri 5 Dec 09:00", "Until Sat 6 Dec 18:00", "Ended — hidden since …", or nothing. */
export function scheduleLine(item: Schedulable, now = Date.now()): string | undefined {
  const state = scheduleState(item, now);
  switch (state.state) {
    case 'scheduled':
      return `Scheduled — appears ${londonDisplayTime(state.appearsAt)}${state.hidesAt ? `, until ${londonDisplayTime(state.hidesAt)}` : ''}`;
    case 'shown':
      return state.hidesAt ? `On the website until ${londonDisplayTime(state.hidesAt)}` : undefined;
    case 'over':
      return `Ended — hidden since ${londonDisplayTime(state.hiddenSince)}`;
    default:
      return item.show_from || item.hide_after ? 'Hidden — its schedule applies once switched on' : undefined;
  }
}

export function ScheduleLine({ item }: { item: Schedulable }) {
  const line = scheduleLine(item);
  if (!line) return null;
  return (
    <p className="flex items-center gap-1.5 font-medium text-accent-700">
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      {line}
    </p>
  );
}
