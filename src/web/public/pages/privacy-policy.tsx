// The Privacy Policy (docs/product.md#legal-pages): what the business collects at bookings and on the day,
// and what this website itself really collects (enquiries, the consent and session cookies, the
// analytics events and how long they are kept). Contact details come from the site settings.
import type { CaptchaSetup } from '#shared/page-data.ts';
import type { SiteSettings } from '#shared/schemas/site.ts';
import { usePageData } from '../page-data-context.tsx';
import { ContactList, LegalLayout } from './legal-layout.tsx';

export const PRIVACY_EFFECTIVE_DATE = '27/02/2025';

export function PrivacyPolicyPage() {
  // The server's configured ANALYTICS_RETENTION_DAYS, so the policy states what really happens.
  const { site, captcha, analyticsRetentionDays: retentionDays } = usePageData();
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={<p className="font-semibold text-white">Effective date: {PRIVACY_EFFECTIVE_DATE}</p>}
    >
      <Introduction site={site} />
      <DataWeCollect captchaProvider={captcha.provider} />
      <HowWeUseYourData />
      <DataStorageAndSecurity />
      <DataRetention retentionDays={retentionDays} />
      <DataSharing />
      <YourRights />
      <ContactUs site={site} />
      <Changes />
    </LegalLayout>
  );
}

/** Who we are and what this policy covers. */
function Introduction({ site }: { site: SiteSettings }) {
  return (
    <>
      <h2>Introduction</h2>
      <p>
        {site.company_name}, trading as {site.trading_name} ("we", "us"), runs a mobile airsoft target range
        for festivals, corporate and private events. This policy explains what personal information we collect
        when you visit this website, send us an enquiry, book the range or take part at an event, why we
        collect it, and the choices and rights you have. We are the controller of that information under the
        UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
      </p>
    </>
  );
}

/** At bookings, on the day, with an enquiry, and on this website (cookies and analytics). */
function DataWeCollect({ captchaProvider }: { captchaProvider: CaptchaSetup['provider'] }) {
  return (
    <>
      <h2>Data We Collect</h2>
      <h3>When you book the range</h3>
      <p>Your name, e-mail address and home address, so that we can confirm and invoice your booking.</p>
      <h3>When you take part at an event</h3>
      <p>
        The name and signature of each participant (or of a parent or guardian) on our paper safety waiver.
      </p>
      <h3>When you send an enquiry through this website</h3>
      <p>
        Your name, e-mail address, organisation and the message you write — and, if you give them, the date
        you would like, the type of event and how many people to expect — together with the date and time you
        sent it. So that we know which of our adverts and partners bring enquiries, it also records where you
        came to us from, as your own browser shows it: the campaign tags in the web address you arrived at
        (such as utm_source=newsletter), and the name of the website whose link you followed (for example
        facebook.com — never the page itself). This goes with the enquiry you choose to send, whether or not
        you accept cookies, and is kept and deleted with it.{' '}
        {captchaProvider === 'recaptcha'
          ? 'To keep out spam, the form uses Google reCAPTCHA, which loads only once you start filling in the form and is covered by Google’s own privacy policy.'
          : 'To keep out spam, the form asks your browser to solve a small puzzle; this runs on our own server, uses no cookies and involves no third party.'}
      </p>
      <h3>Cookies</h3>
      <ul>
        <li>
          <strong>cookie_consent</strong> remembers whether you accepted or declined analytics cookies, so we
          do not ask again. It lasts 365 days.
        </li>
        <li>
          <strong>session_id</strong> is a random identifier that lets us count visits. It is only set if you
          accept cookies, and lasts 30 days. If you decline, or later withdraw your consent with the "Cookie
          settings" link at the bottom of every page, it is deleted and no analytics are recorded.
        </li>
      </ul>
      <h3>Website analytics (only with your consent)</h3>
      <p>
        If you accept cookies, we record how the website is used: page views, clicks on buttons, enquiry form
        submissions, which sections of the page you view and for how long, together with the page address, the
        page you came from (the referrer) and your browser's user agent. With your first page view we also
        note where that visit came from, read the same way as for an enquiry (a campaign tag or the name of
        the website you followed), so we can count visitors per source. We never store your IP address with
        these events, and we use no third-party analytics or advertising services.
      </p>
    </>
  );
}

function HowWeUseYourData() {
  return (
    <>
      <h2>How We Use Your Data</h2>
      <ul>
        <li>To answer your enquiry and, if you book, to plan, deliver and invoice your event.</li>
        <li>
          To run the range safely and to keep a record that every participant agreed to the safety rules.
        </li>
        <li>To understand, in aggregate, which parts of the website are useful, so we can improve it.</li>
        <li>To meet our legal obligations, such as keeping accounting records.</li>
      </ul>
      <p>
        We rely on taking steps towards and performing a contract for enquiries and bookings, on our
        legitimate interest in running safe events for waivers, on your consent for analytics cookies, and on
        legal obligation for our financial records. We do not use your information for automated
        decision-making and we never sell it.
      </p>
    </>
  );
}

function DataStorageAndSecurity() {
  return (
    <>
      <h2>Data Storage and Security</h2>
      <p>
        Enquiries and website analytics are stored on our own secure server, reached only over encrypted
        connections and only by our staff who need it, each with their own password-protected account. Paper
        waivers are kept in a locked cabinet and are only seen by the people who need them. Booking records
        are kept in our accounting system.
      </p>
    </>
  );
}

/** How long each kind of information is kept. */
function DataRetention({ retentionDays }: { retentionDays: number }) {
  const retentionMonths = Math.round(retentionDays / 30.4);
  return (
    <>
      <h2>Data Retention</h2>
      <ul>
        <li>
          Enquiries: until we have dealt with them and any booking that follows; we review and delete old
          enquiries at least once a year.
        </li>
        <li>
          Booking and invoice records: six years after the event, as UK tax law requires; then your name,
          e-mail address, the event's place and our notes are removed automatically, and only the dates and
          amounts stay in our accounts.
        </li>
        <li>
          Signed waivers: three years after the event (or, for participants under 18, until they turn 21), the
          period in which a personal injury claim can be made; then they are shredded.
        </li>
        <li>
          Raw website analytics events: {retentionDays} days (about {retentionMonths} months), after which
          they are deleted automatically.
        </li>
        <li>
          Cookies: as set out above (365 days for your cookie choice, 30 days for the session identifier).
        </li>
      </ul>
    </>
  );
}

function DataSharing() {
  return (
    <>
      <h2>Data Sharing</h2>
      <p>
        We do not sell or rent your personal information. We share it only with the companies that help us run
        the business — our website host, our e-mail provider and our accountant — under contracts that require
        them to keep it safe and use it only on our instructions, and with the police, our insurers or other
        authorities when the law requires it or to deal with an incident or claim. Videos from YouTube are
        only loaded when you press play, from YouTube's privacy-enhanced (no-cookie) domain.
      </p>
    </>
  );
}

function YourRights() {
  return (
    <>
      <h2>Your Rights</h2>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>
          <strong>access</strong> the personal information we hold about you;
        </li>
        <li>
          <strong>rectification</strong> of anything that is wrong or incomplete;
        </li>
        <li>
          <strong>erasure</strong> of your information where we no longer have a reason to keep it;
        </li>
        <li>
          <strong>restriction</strong> of how we use it while a concern is looked into;
        </li>
        <li>
          <strong>objection</strong> to uses based on our legitimate interests;
        </li>
        <li>
          <strong>portability</strong>: a copy of the information you gave us in a common electronic format.
        </li>
      </ul>
      <p>
        Where we rely on your consent, you can withdraw it at any time (for analytics cookies, use the "Cookie
        settings" link in the footer). We answer requests within one month and do not charge for them. If you
        are unhappy with how we have handled your information, you can complain to the Information
        Commissioner's Office at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.
      </p>
    </>
  );
}

function ContactUs({ site }: { site: SiteSettings }) {
  return (
    <>
      <h2>Contact Us</h2>
      <p>For any question about this policy or your information, contact us:</p>
      <ContactList site={site}>
        <dt>Company</dt>
        <dd>{site.company_name}</dd>
        <dt>Address</dt>
        <dd>{site.registered_address}</dd>
      </ContactList>
    </>
  );
}

function Changes() {
  return (
    <>
      <h2>Changes</h2>
      <p>
        We may update this policy when our services or the law change. The current version is always on this
        page, with its effective date at the top; if a change affects how we use information you have already
        given us, we will tell you.
      </p>
    </>
  );
}
