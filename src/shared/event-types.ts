// How a type of event reads to people: the enquiry form's choices and the owner's e-mail and list.
// Plain values only: the public form imports it.
import type { EVENT_TYPES } from './constants.ts';

export const EVENT_TYPE_LABELS: Record<(typeof EVENT_TYPES)[number], string> = {
  festival: 'Festival',
  corporate: 'Corporate event',
  private: 'Private party',
  other: 'Other',
};
