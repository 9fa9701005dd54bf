// Settings › Mail (issues 15 and 28, every admin): where the site's e-mail goes and where enquiry
// notices go, the mail server (a superadmin sets it, mail-server-form.tsx), and a test e-mail that
// reports what really happened to it. The test goes to a fixed mailbox — the admin's own, or the
// enquiry address — never to one typed in, so the button cannot mail a stranger.
import { Mail, Send } from 'lucide-react';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { useState } from 'react';
import type { MailTestRecipient, MailTestResult, SetupStatus } from '#shared/schemas/setup.ts';
import { Banner, ServerPath } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe } from '../../api/me.ts';
import { useSendTestEmail } from '../../api/send-test-email.ts';
import { useSetupStatus } from '../../api/setup-status.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { MailServerSettings } from './mail-server-form.tsx';
import { SettingsSection } from './section.tsx';

type Outcome = { kind: 'error' | 'success' | 'warning'; text: string };

const outcomeOf = (result: MailTestResult): Outcome => ({
  kind: result.outcome === 'sent' ? 'success' : result.outcome === 'saved' ? 'warning' : 'error',
  text: result.message,
});

function WhereMailGoes({ status }: { status: SetupStatus }) {
  const { mail, notifications } = status;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold text-ink-800">The website's e-mail goes</dt>
        <dd className="mt-1 text-ink-900">
          {mail.transport === 'smtp' ? (
            <>
              through the mail server <strong className="[overflow-wrap:anywhere]">{mail.smtp_host}</strong>
              {mail.source === 'server' ? ' (set in the server’s configuration)' : ' (set below)'}
            </>
          ) : (
            <span className="block rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
              <strong>{NOT_DELIVERED}.</strong> It is saved as files in{' '}
              <ServerPath path={mail.outbox_folder ?? ''} /> on the server, and nobody receives it.{' '}
              {mail.can_edit
                ? 'Set up the mail server below.'
                : 'Ask a superadmin to set up the mail server here in Settings › Mail.'}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-ink-800">Enquiry notices go to</dt>
        <dd className="mt-1 text-ink-900">
          {notifications.address ? (
            <>
              <strong className="[overflow-wrap:anywhere]">{notifications.address}</strong>
              {notifications.address_source === 'server'
                ? ' (set on the server)'
                : ' (the business e-mail in Business details)'}
            </>
          ) : (
            <>
              nobody yet.{' '}
              {status.business_details.can_edit
                ? 'Add the business e-mail in Business details below.'
                : 'Ask a superadmin to add the business e-mail in Settings › Business details.'}
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** Where the test goes: a choice only when the enquiry address is another mailbox, else the admin's own. */
function TestRecipient({
  myEmail,
  offeredAddress,
  chosen,
  onChoose,
}: {
  myEmail: string | undefined;
  /** The enquiry address when it is offered as a choice, else null. */
  offeredAddress: string | null;
  chosen: MailTestRecipient;
  onChoose: (recipient: MailTestRecipient) => void;
}) {
  return offeredAddress !== null ? (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm text-ink-700">Send it to</legend>
      {(
        [
          ['me', `Me (${myEmail ?? 'your address'})`],
          ['notifications', `Where enquiry notices go (${offeredAddress})`],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 text-ink-900">
          <input
            type="radio"
            name="mail-test-recipient"
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            className="size-5 shrink-0 cursor-pointer accent-accent-600"
          />
          <span className="[overflow-wrap:anywhere]">{label}</span>
        </label>
      ))}
    </fieldset>
  ) : (
    <p className="text-ink-700">
      It goes to your own address
      {myEmail && (
        <>
          , <strong className="[overflow-wrap:anywhere]">{myEmail}</strong>
        </>
      )}
      .
    </p>
  );
}

export function MailSection({ myEmail }: { myEmail: string | undefined }) {
  const status = useSetupStatus();
  const me = useMe();
  const send = useSendTestEmail();
  const [recipient, setRecipient] = useState<MailTestRecipient>('me');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const notifyAddress = status.data?.notifications.address ?? null;
  // The enquiry address is offered only when there is one, and only when it is another mailbox.
  const offerNotifications = notifyAddress !== null && notifyAddress !== myEmail;
  const chosen = offerNotifications ? recipient : 'me';

  function sendTest() {
    setOutcome(null);
    send.mutate(chosen, {
      onSuccess: (result) => setOutcome(outcomeOf(result)),
      onError: (error) =>
        setOutcome({ kind: 'error', text: errorMessage(error, 'The test e-mail could not be sent') }),
    });
  }

  return (
    <SettingsSection
      id="settings-mail"
      title="Mail"
      icon={Mail}
      description="Enquiry notices, visitors' acknowledgements, password resets and invitations all leave this way."
    >
      <QueryStatus query={status} error="Failed to load the e-mail settings">
        {(data) => (
          <div className="space-y-6">
            <WhereMailGoes status={data} />
            {me.data?.role === 'superadmin' && <MailServerSettings />}
            <div className="space-y-3 border-t border-ink-200 pt-5">
              <h3 className="font-semibold text-ink-900">Send a test e-mail</h3>
              <TestRecipient
                myEmail={myEmail}
                offeredAddress={offerNotifications ? notifyAddress : null}
                chosen={chosen}
                onChoose={setRecipient}
              />
              <Button onClick={sendTest} disabled={send.isPending}>
                <Send className="size-4" aria-hidden="true" />
                {send.isPending ? 'Sending…' : 'Send a test e-mail'}
              </Button>
              {/* One message per try: the transport's answer replaces the last one. */}
              {outcome && (
                <div className="pt-1">
                  <Banner kind={outcome.kind}>{outcome.text}</Banner>
                </div>
              )}
            </div>
          </div>
        )}
      </QueryStatus>
    </SettingsSection>
  );
}
