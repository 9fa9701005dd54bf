// Settings (docs/product.md#settings): change password (required while a change is forced), two-factor
// login, e-mail (where it goes, and a test), and for a superadmin the business details, payments, personal
// data requests and the audit log. A link to /admin/settings#<section> (the dashboard's setup card) opens
// at that section. The page's own menu (issue 28) links to every section it shows: both come from one
// list, so a section added to it is in the menu too.
import { Lock } from 'lucide-react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { CurrentAdmin } from '#shared/schemas/accounts.ts';
import { PageHeader } from '../../components/admin-ui.tsx';
import { useMe } from '../api/me.ts';
import { useMustChangePassword } from '../auth/token-store.ts';
import { AuditLogSection } from './settings/audit-log-section.tsx';
import { BookingsFeedSection } from './settings/bookings-feed-section.tsx';
import { BusinessDetailsSection } from './settings/business-details-section.tsx';
import { ChangePasswordSection } from './settings/change-password-section.tsx';
import { DataSubjectSection } from './settings/data-subject-section.tsx';
import { MailSection } from './settings/mail-section.tsx';
import { PaymentsSection } from './settings/payments-section.tsx';
import { SectionMenu, type MenuSection } from './settings/section-menu.tsx';
import { TwoFactorSection } from './settings/two-factor-section.tsx';
import { WeeklyReportSection } from './settings/weekly-report-section.tsx';
import { SCREEN_TITLES } from '../screen-titles.ts';

/** How long a linked section may take to appear (it renders once its data has loaded). */
const SECTION_WAIT_MS = 5000;

/** Scrolls to the section the address names and moves focus to its heading, once it has rendered. */
function useScrollToSection() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const giveUpAt = Date.now() + SECTION_WAIT_MS;
    let frame = 0;
    const find = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView({ block: 'start' });
        target.focus({ preventScroll: true });
      } else if (Date.now() < giveUpAt) frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

interface Section extends MenuSection {
  content: ReactNode;
  /** Whether this admin sees it now. */
  shown: boolean;
}

/**
 * The sections this admin sees, in page order. `id` is the one the section's heading carries, `label`
 * its title: the menu links to the one and says the other.
 */
function settingsSections(forced: boolean, me: CurrentAdmin | undefined): Section[] {
  const superadmin = me?.role === 'superadmin';
  const sections: Section[] = [
    {
      id: 'settings-password',
      label: 'Change password',
      content: <ChangePasswordSection forced={forced} />,
      shown: true,
    },
    { id: 'settings-2fa', label: 'Two-factor login', content: <TwoFactorSection me={me} />, shown: !forced },
    { id: 'settings-mail', label: 'Mail', content: <MailSection myEmail={me?.email} />, shown: !forced },
    {
      id: 'settings-weekly-report',
      label: 'Weekly report',
      content: <WeeklyReportSection myEmail={me?.email} />,
      shown: !forced,
    },
    {
      id: 'settings-bookings-feed',
      label: 'Bookings calendar',
      content: <BookingsFeedSection />,
      shown: !forced,
    },
    {
      id: 'settings-business',
      label: 'Business details',
      content: <BusinessDetailsSection />,
      shown: !forced && superadmin,
    },
    {
      id: 'settings-payments',
      label: 'Payments',
      content: <PaymentsSection />,
      shown: !forced && superadmin,
    },
    {
      id: 'settings-data-subject',
      label: 'Personal data requests',
      content: <DataSubjectSection />,
      shown: !forced && superadmin,
    },
    { id: 'settings-audit', label: 'Audit log', content: <AuditLogSection />, shown: !forced && superadmin },
  ];
  return sections.filter((section) => section.shown);
}

export function SettingsScreen() {
  const forced = useMustChangePassword();
  const me = useMe();
  const sections = settingsSections(forced, me.data);
  useScrollToSection();

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.settings}
        subtitle={
          me.data ? `Signed in as ${me.data.username} (${me.data.email})` : 'Your account and website details'
        }
      />
      {forced && (
        <div
          role="alert"
          className="mb-6 flex items-start gap-3 rounded-card border-2 border-accent-600 bg-white p-4 sm:p-5"
        >
          <Lock className="mt-0.5 size-6 shrink-0 text-accent-700" aria-hidden="true" />
          <div>
            <p className="font-semibold text-ink-900">Please choose a new password before you continue.</p>
            <p className="mt-1 text-ink-700">
              Your account was set up with a temporary password that someone else knows. Change it to one only
              you know; the rest of the admin unlocks as soon as you do.
            </p>
          </div>
        </div>
      )}
      {/* The menu first for the keyboard; on a laptop it sits in its own column, in view. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_13rem] lg:gap-8">
        {sections.length > 1 && (
          <div className="lg:col-start-2 lg:row-start-1">
            <SectionMenu sections={sections} />
          </div>
        )}
        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          {sections.map((section) => (
            <Fragment key={section.id}>{section.content}</Fragment>
          ))}
        </div>
      </div>
    </>
  );
}
