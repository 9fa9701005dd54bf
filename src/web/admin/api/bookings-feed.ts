// GET /api/admin/bookings/calendar-feed: the signed-in admin's own calendar address;
// POST …/rotate: a new one for them (their old one stops at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { bookingsFeed } from '#shared/schemas/bookings.ts';
import { api } from '../../lib/api-client.ts';

const FEED_KEY = ['admin', 'bookings', 'calendar-feed'] as const;
type Feed = z.infer<typeof bookingsFeed>;

export const useBookingsFeed = () =>
  useQuery({ queryKey: FEED_KEY, queryFn: () => api<Feed>('/admin/bookings/calendar-feed') });

export function useRotateBookingsFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Feed>('/admin/bookings/calendar-feed/rotate', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(FEED_KEY, feed),
  });
}
