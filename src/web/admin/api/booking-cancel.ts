// Cancelling a booking with the owner's reason, and the mail it will send, shown in the dialog first
// (docs/decisions/0475): the preview comes from the server, made by the function that makes the
// mail, so the wording lives in one place.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CancellationPreview } from '#shared/schemas/booking-mail.ts';
import type { bookingAnswer } from '#shared/schemas/bookings.ts';
import { api } from '../../lib/api-client.ts';
import { bookingsKey, useRefresh } from './bookings.ts';

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_PAUSE_MS = 300;

/** The mail cancelling `id` would send with `reason`, asked again once typing pauses. */
export function useCancellationPreview(id: number, reason: string, enabled: boolean) {
  const [asked, setAsked] = useState(reason);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(reason), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [reason]);
  const query = new URLSearchParams(asked.trim() ? { reason: asked } : {}).toString();
  return useQuery({
    queryKey: [...bookingsKey, 'cancellation-preview', id, asked],
    queryFn: ({ signal }) =>
      api<CancellationPreview>(`/admin/bookings/${id}/cancellation-preview${query ? `?${query}` : ''}`, {
        signal,
      }),
    enabled,
    // The previous text stays while the next is on its way: the preview does not flicker.
    placeholderData: keepPreviousData,
    // Whether the customer is told depends on mail that may just have gone: never kept long.
    staleTime: 0,
  });
}

/** POST /api/admin/bookings/{id}/cancel with the reason (none when empty). */
export function useCancelBooking() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      (
        await api<z.infer<typeof bookingAnswer>>(`/admin/bookings/${id}/cancel`, {
          method: 'POST',
          body: reason.trim() ? { reason } : {},
        })
      ).booking,
    onSuccess: refresh,
  });
}
