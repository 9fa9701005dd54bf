// The bookings in this admin's own phone calendar (docs/product.md#bookings, docs/decisions/0461): a
// secret address of their own, with customers' names. Anyone with the address can read it, so it can
// be replaced (the old one stops at once), and it ends when the account is removed.
import { CalendarCheck, Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBookingsFeed, useRotateBookingsFeed } from '../../api/bookings-feed.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { SettingsSection } from './section.tsx';

export function BookingsFeedSection() {
  const feed = useBookingsFeed();
  const rotate = useRotateBookingsFeed();
  const [asking, setAsking] = useState(false);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it yourself');
    }
  };

  const renew = () =>
    rotate.mutate(undefined, {
      onSuccess: () => toast.success('New address made: the old one no longer works'),
      onError: (error) => toast.error(errorMessage(error, 'A new address could not be made')),
      onSettled: () => setAsking(false),
    });

  return (
    <SettingsSection
      id="settings-bookings-feed"
      title="Bookings calendar"
      icon={CalendarCheck}
      description="The bookings in your phone's calendar, with customers' names: subscribe to this address (on an iPhone: Settings › Calendar › Accounts › Add Account › Other › Add Subscribed Calendar; in Google Calendar: Other calendars › From URL). The address is yours alone — every admin has their own, and it stops working when their account is removed. Keep it private."
    >
      <QueryStatus query={feed} error="Failed to load the calendar address">
        {({ url }) => (
          <div className="space-y-4">
            <label className="block">
              <span className="mb-1 block font-medium text-ink-900">Your calendar address</span>
              <input
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="w-full rounded-lg border border-ink-300 bg-ink-50 px-3 py-2.5 font-mono text-sm text-ink-900"
              />
            </label>
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => void copy(url)}>
                <Copy className="size-4" aria-hidden="true" />
                Copy address
              </Button>
              <Button variant="secondary" onClick={() => setAsking(true)} disabled={rotate.isPending}>
                <RefreshCw className="size-4" aria-hidden="true" />
                {rotate.isPending ? 'Making a new address…' : 'Make a new address'}
              </Button>
            </div>
          </div>
        )}
      </QueryStatus>
      <ConfirmDialog
        open={asking}
        title="Make a new address?"
        confirmLabel="Make a new address"
        onConfirm={renew}
        onCancel={() => setAsking(false)}
      >
        Your old address stops working at once: give the new one to every calendar that used it. Other admins'
        addresses do not change.
      </ConfirmDialog>
    </SettingsSection>
  );
}
