// The dashboard's setup card (issue 15, "No lead is lost silently"): shown until the site can really
// reach people, one item per problem with the action that fixes it, in the owner's words. Problems only
// a superadmin can fix tell an admin whom to ask.
import {
  ArrowRight,
  Building2,
  ListChecks,
  MailWarning,
  MailX,
  ShieldAlert,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import type { SetupProblem, SetupStatus } from '#shared/schemas/setup.ts';
import type { SiteSettingsField } from '#shared/schemas/site.ts';
import { ServerPath } from '../../../components/admin-ui.tsx';
import { buttonClasses } from '../../../components/button.tsx';
import { ADMIN_PATHS } from '../../paths.ts';

const FIELD_NAMES: Record<SiteSettingsField, string> = {
  trading_name: 'trading name',
  phone: 'phone',
  email: 'e-mail',
  facebook_url: 'Facebook page',
  instagram_url: 'Instagram profile',
  tiktok_url: 'TikTok profile',
  youtube_url: 'YouTube channel',
  company_name: 'company name',
  company_number: 'company number',
  registered_address: 'registered address',
};

/** "phone, company name and registered address" */
const listOf = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const settingsAt = (section: 'mail' | 'business' | '2fa') => `${ADMIN_PATHS.settings}#settings-${section}`;

interface Item {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
  /** The screen that fixes it; none when only someone else can. */
  action: { label: string; to: string } | null;
}

function itemFor(problem: SetupProblem, status: SetupStatus): Item {
  const { mail, notifications, business_details: details } = status;
  const askSuperadmin = 'Ask a superadmin to fill them in under Settings › Business details.';
  switch (problem) {
    case 'mail_not_delivered':
      return {
        icon: MailX,
        title: `E-mail: ${NOT_DELIVERED.charAt(0).toLowerCase()}${NOT_DELIVERED.slice(1)}`,
        body: (
          <>
            Enquiry notices, visitors' acknowledgements and password resets are saved as files in{' '}
            <ServerPath path={mail.outbox_folder ?? ''} /> on the server, and nobody receives them.{' '}
            {mail.can_edit
              ? 'Set up your mail server in Settings › Mail, then send yourself a test e-mail.'
              : 'Ask a superadmin to set up the mail server in Settings › Mail.'}
          </>
        ),
        action: { label: mail.can_edit ? 'Set up mail' : 'Mail settings', to: settingsAt('mail') },
      };
    case 'no_notification_address':
      return {
        icon: MailWarning,
        title: 'No address to send enquiries to',
        body: (
          <>
            New enquiries are kept, and visitors are told they were received, but nobody is told about them.
            {notifications.waiting_for_address > 0 &&
              ` ${plural(notifications.waiting_for_address, 'enquiry is', 'enquiries are')} waiting and will be sent as soon as there is an address.`}{' '}
            {details.can_edit
              ? 'Add the business e-mail in Business details.'
              : 'Ask a superadmin to add the business e-mail under Settings › Business details.'}
          </>
        ),
        action: details.can_edit ? { label: 'Add the business e-mail', to: settingsAt('business') } : null,
      };
    case 'mail_failing':
      return {
        icon: TriangleAlert,
        title: `${plural(notifications.failing, 'enquiry', 'enquiries')} could not be e-mailed`,
        body: (
          <>
            {notifications.last_failure ?? 'The mail server did not send them.'} They are retried
            automatically.
          </>
        ),
        action: { label: 'See the enquiries', to: ADMIN_PATHS.enquiries },
      };
    case 'placeholder_details':
      return {
        icon: Building2,
        title: 'The website shows placeholder details',
        body: (
          <>
            Visitors see made-up {listOf(details.placeholder_fields.map((field) => FIELD_NAMES[field]))}.{' '}
            {details.can_edit ? 'Fill in your real business details.' : askSuperadmin}
          </>
        ),
        action: details.can_edit ? { label: 'Business details', to: settingsAt('business') } : null,
      };
    case 'two_factor_off':
      return {
        icon: ShieldAlert,
        title: 'Two-factor login is off for your account',
        body: 'Anyone who learns your password can sign in as you. Turn it on with an authenticator app on your phone.',
        action: { label: 'Turn on two-factor login', to: settingsAt('2fa') },
      };
  }
}

export function SetupCard({ status }: { status: SetupStatus }) {
  if (status.ready) return null;
  const items = status.problems.map((problem) => ({ problem, ...itemFor(problem, status) }));
  return (
    <section
      aria-labelledby="setup-card-title"
      className="mb-8 rounded-card border-2 border-amber-400 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="setup-card-title"
        className="flex items-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase"
      >
        <ListChecks className="size-5 text-amber-700" aria-hidden="true" />
        Finish setting up
      </h2>
      <p className="mt-1 text-ink-700">
        Until these are sorted, people who contact you may not hear back, or you may not hear about them.
      </p>
      <ul aria-label="Set-up problems" className="mt-4 divide-y divide-ink-200">
        {items.map(({ problem, icon: Icon, title, body, action }) => (
          <li key={problem} data-problem={problem} className="flex gap-3 py-4 first:pt-0 last:pb-0">
            <span className="shrink-0 self-start rounded-lg bg-amber-100 p-1.5 text-amber-900 sm:p-2">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1 sm:flex sm:items-start sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink-900">{title}</p>
                <p className="mt-1 text-ink-700">{body}</p>
              </div>
              {action && (
                <Link to={action.to} className={`${buttonClasses('secondary', 'sm')} mt-3 shrink-0 sm:mt-0`}>
                  {action.label}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
