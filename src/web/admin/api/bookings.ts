// The bookings calls (docs/product.md#bookings): a window of days, one booking, booking an enquiry,
// an edit, and the three changes of state. Every change refreshes the bookings and the enquiries
// (an enquiry follows its booking: booked, then closed once it is cancelled).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { addDays, londonDay } from '#shared/london-days.ts';
import type {
  Booking,
  bookingAnswer,
  bookingInput,
  bookingList,
  DayCheck,
  moneyInput,
} from '#shared/schemas/bookings.ts';
import { api } from '../../lib/api-client.ts';
import { enquiriesKey } from './enquiries-list.ts';

export const bookingsKey = ['admin', 'bookings'] as const;

/** What the form sends: the input before the server's defaults fill the gaps. */
export type BookingFields = z.input<typeof bookingInput>;
/** What the money form sends (docs/decisions/0474). */
export type MoneyFields = z.input<typeof moneyInput>;

export const fetchBookings = async (from: string, to: string, signal?: AbortSignal): Promise<Booking[]> =>
  (await api<z.infer<typeof bookingList>>(`/admin/bookings?from=${from}&to=${to}`, { signal })).bookings;

/** The bookings with a day between `from` and `to` (at most 366 days). */
export function useBookings(from: string, to: string) {
  return useQuery({
    queryKey: [...bookingsKey, 'window', from, to],
    queryFn: ({ signal }) => fetchBookings(from, to, signal),
  });
}

/**
 * The bookings around today, the most the API gives at once (two months back, ten ahead): what the
 * dashboard and the enquiry cards look through. One request however many cards ask.
 */
export function useBookingsAround() {
  const [window] = useState(() => {
    const today = londonDay(Date.now());
    return { from: addDays(today, -60), to: addDays(today, 305) };
  });
  return useBookings(window.from, window.to);
}

export function useBooking(id: number | null) {
  return useQuery({
    queryKey: [...bookingsKey, 'one', id],
    queryFn: async ({ signal }) =>
      (await api<z.infer<typeof bookingAnswer>>(`/admin/bookings/${id}`, { signal })).booking,
    enabled: id !== null,
    // A change's mail goes after the answer: look again until none is on its way.
    refetchInterval: (query) =>
      query.state.data?.mails.some((mail) => mail.state === 'pending') ? 2000 : false,
  });
}

/** After any change: the lists, the open booking and the enquiries read again. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return (changed: Booking) => {
    queryClient.setQueryData([...bookingsKey, 'one', changed.id], changed);
    void queryClient.invalidateQueries({ queryKey: bookingsKey });
    void queryClient.invalidateQueries({ queryKey: enquiriesKey });
  };
}

const sendBooking = async (
  path: string,
  method: 'POST' | 'PUT',
  body?: BookingFields,
  headers?: Record<string, string>,
) => (await api<z.infer<typeof bookingAnswer>>(path, { method, body, headers })).booking;

/** POST /api/admin/enquiries/{id}/booking: a provisional hold for the enquiry. */
export function useBookEnquiry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ enquiryId, input }: { enquiryId: number; input: BookingFields }) =>
      sendBooking(`/admin/enquiries/${enquiryId}/booking`, 'POST', input),
    onSuccess: refresh,
  });
}

export function useUpdateBooking() {
  const refresh = useRefresh();
  return useMutation({
    /** `version`: the booking's when the form was opened; a save over someone else's is refused. */
    mutationFn: ({ id, input, version }: { id: number; input: BookingFields; version: number }) =>
      sendBooking(`/admin/bookings/${id}`, 'PUT', input, { 'if-match': `"${version}"` }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/bookings/{id}/money: what the booking received and refunded, in any state. */
export function useRecordMoney() {
  const refresh = useRefresh();
  return useMutation({
    /** `version`: as for an edit, the booking's when the form was opened. */
    mutationFn: async ({ id, input, version }: { id: number; input: MoneyFields; version: number }) =>
      (
        await api<z.infer<typeof bookingAnswer>>(`/admin/bookings/${id}/money`, {
          method: 'PUT',
          body: input,
          headers: { 'if-match': `"${version}"` },
        })
      ).booking,
    onSuccess: refresh,
  });
}

export type BookingAction = 'confirm' | 'cancel' | 'complete';

export function useBookingAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: BookingAction }) =>
      sendBooking(`/admin/bookings/${id}/${action}`, 'POST'),
    onSuccess: refresh,
  });
}

/** POST /api/admin/bookings/{id}/new-customer-link: the customer's page at a new address. */
export function useNewCustomerLink() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => sendBooking(`/admin/bookings/${id}/new-customer-link`, 'POST'),
    onSuccess: refresh,
  });
}

/** POST /api/admin/bookings/{id}/quote: the hold mailed to its customer as a quote (decision 0473). */
export function useSendQuote() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => sendBooking(`/admin/bookings/${id}/quote`, 'POST'),
    onSuccess: refresh,
  });
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Who else is on the days a booking form asks for, and the nearest free ones (docs/decisions/0469),
 * asked again as the days change; nothing is asked until they are whole days in order.
 */
export function useDayCheck(from: string, to: string, booking: number | null) {
  const asked = ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to;
  const query = new URLSearchParams({ from, to, ...(booking === null ? {} : { booking: String(booking) }) });
  return useQuery({
    queryKey: [...bookingsKey, 'day-check', from, to, booking],
    queryFn: ({ signal }) => api<DayCheck>(`/admin/bookings/day-check?${query.toString()}`, { signal }),
    enabled: asked,
    // The previous answer stays on screen while the next is on its way: the notice does not flicker.
    placeholderData: (previous) => previous,
  });
}
