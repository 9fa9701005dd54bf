// The customer's side of a booking (docs/decisions/0473): the address of their own page — in every
// mail they get, and here to copy and send by hand, or to replace when it reached the wrong person
// (docs/decisions/0483) — and what they wrote from it, oldest first.
import { Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BookingDetail } from '#shared/schemas/bookings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNewCustomerLink } from '../../api/bookings.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatMoment } from './booking-details.tsx';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied');
  } catch {
    toast.error('Could not copy: select the link and copy it yourself');
  }
}

export function CustomerSide({ booking }: { booking: BookingDetail }) {
  const link = booking.customer_link;
  return (
    <section aria-labelledby="customer-page" className="mt-6">
      <h3
        id="customer-page"
        className="font-display text-lg font-semibold tracking-wide text-ink-900 uppercase"
      >
        Customer&apos;s page
      </h3>
      {link === null ? (
        <p className="mt-2 text-ink-600">None: the customer&apos;s details were erased.</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-600">
            Their booking, its calendar file and a way to ask for a change — and to accept a quote you sent.
            Every e-mail to them carries it; only someone with the link can open it.
          </p>
          <label className="mt-2 block">
            <span className="sr-only">Link to the customer&apos;s page</span>
            <input
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-lg border border-ink-300 bg-ink-50 px-3 py-2.5 font-mono text-sm text-ink-900"
            />
          </label>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void copy(link)}>
              <Copy className="size-4" aria-hidden="true" /> Copy link
            </Button>
            <a
              href={link}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-2 px-2 font-semibold text-accent-700 underline underline-offset-2"
            >
              <ExternalLink className="size-4" aria-hidden="true" /> Open it
            </a>
            <NewLinkAction booking={booking} />
          </div>
        </>
      )}
      {booking.customer_messages.length > 0 && (
        <>
          <h4 className="mt-4 font-semibold text-ink-900">From the customer</h4>
          <ul className="mt-2 space-y-3">
            {booking.customer_messages.map((message, index) => (
              <li key={index} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
                <span className="block text-sm text-ink-700">{formatMoment(message.at)}</span>
                <span className="block whitespace-pre-line break-words text-ink-900">{message.text}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A new address for the page, the old one ended: asked for first, as mails already sent stop working. */
function NewLinkAction({ booking }: { booking: BookingDetail }) {
  const renew = useNewCustomerLink();
  const [asking, setAsking] = useState(false);
  const run = () => {
    setAsking(false);
    renew.mutate(booking.id, {
      onSuccess: () =>
        toast.success('New link made', { description: 'Copy it and send it to the customer.' }),
    });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} disabled={renew.isPending}>
        <RefreshCw className="size-4" aria-hidden="true" /> {renew.isPending ? 'Making…' : 'New link'}
      </Button>
      {renew.isError && (
        <div className="basis-full">
          <Banner kind="error">{errorMessage(renew.error, 'Could not make a new link. Try again.')}</Banner>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title="Make a new link?"
        confirmLabel="Make a new link"
        cancelLabel="Keep this one"
        onConfirm={run}
        onCancel={() => setAsking(false)}
      >
        <p>
          The link in the e-mails {booking.customer_name} already has stops working at once: anyone who opens
          it sees a page that is not there. Use this when a mail reached the wrong person.
        </p>
        <p>Nobody is e-mailed. Copy the new link and send it to the customer; later e-mails carry it.</p>
      </ConfirmDialog>
    </>
  );
}
