// The preferred date's state: what is typed or picked, whether that day is already booked, and the
// calendar — its code (date-picker.tsx) and the booked days arrive on its first opening, so the page
// pays nothing for them at load. A typed date fetches the booked days too, to say if it is taken.
import { useState, type ComponentType, type FormEvent } from 'react';
import { londonDay } from '#shared/london-days.ts';
import { loadAvailability, type Availability } from './availability.ts';
import type { DatePickerProps } from './date-picker.tsx';

type Picker = ComponentType<DatePickerProps>;
let pickerChunk: Promise<Picker> | null = null;
function loadPicker(): Promise<Picker> {
  pickerChunk ??= import('./date-picker.tsx').then(
    (module) => module.DatePicker,
    (error: unknown) => {
      pickerChunk = null;
      throw error;
    },
  );
  return pickerChunk;
}

/** Sets an input's value as typing would, so react-hook-form and React both hear of it. */
export function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function usePreferredDate() {
  const [value, setValue] = useState('');
  const [availability, setAvailability] = useState<Availability | null>(null);
  /** The London day the calendar was opened on (its "today"); null while it is closed. */
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const [Picker, setPicker] = useState<Picker | null>(null);

  const checkAvailability = () => {
    if (availability?.checked) return;
    void loadAvailability().then(setAvailability);
  };

  return {
    value,
    availability,
    openedOn,
    Picker,
    /** The day typed is already confirmed for someone else. */
    taken: value !== '' && availability?.taken.has(value) === true,
    onInput(event: FormEvent<HTMLInputElement>) {
      const typed = event.currentTarget.value;
      setValue(typed);
      if (typed) checkAvailability();
    },
    onToggle() {
      if (openedOn) return setOpenedOn(null);
      setOpenedOn(londonDay(Date.now()));
      checkAvailability();
      loadPicker().then(
        (component) => setPicker(() => component),
        () => setOpenedOn(null),
      );
    },
    close: () => setOpenedOn(null),
    /** The form was emptied. */
    reset() {
      setValue('');
      setOpenedOn(null);
    },
  };
}

export type PreferredDate = ReturnType<typeof usePreferredDate>;
