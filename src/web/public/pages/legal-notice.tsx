// The Legal Notice (docs/product.md#legal-pages): who runs the site and on what terms. Every business detail
// comes from the site settings.
import type { SiteSettings } from '#shared/schemas/site.ts';
import { usePageData } from '../page-data-context.tsx';
import { telHref } from '../sections/contact.tsx';
import { ContactList, LegalLayout } from './legal-layout.tsx';

export function LegalNoticePage() {
  const { site } = usePageData();
  return (
    <LegalLayout
      title="Legal Notice"
      intro={<p>The details of the business behind this website and the terms on which you use it.</p>}
    >
      <CompanyInformation site={site} />
      <Disclaimer />
      <LimitationOfLiability />
      <PrivacyPolicyLink />
      <IntellectualProperty site={site} />
      <ThirdPartyLinks />
      <GoverningLaw />
      <Changes site={site} />
    </LegalLayout>
  );
}

function CompanyInformation({ site }: { site: SiteSettings }) {
  return (
    <>
      <h2>Company Information</h2>
      <p>
        This website is operated by {site.company_name}, trading as {site.trading_name}.
      </p>
      <ContactList site={site}>
        <dt>Company name</dt>
        <dd>{site.company_name}</dd>
        <dt>Company number</dt>
        <dd>{site.company_number}</dd>
        <dt>Registered office</dt>
        <dd>{site.registered_address}</dd>
      </ContactList>
    </>
  );
}

function Disclaimer() {
  return (
    <>
      <h2>Disclaimer</h2>
      <p>
        We take care to keep the information on this website accurate and up to date, but it is provided for
        general information only. Event dates, game modes, prices and availability can change, so please
        confirm the details with us before you rely on them. Nothing on this website is an offer that becomes
        a contract when you accept it: a booking is only confirmed once we have agreed it with you in writing.
      </p>
    </>
  );
}

function LimitationOfLiability() {
  return (
    <>
      <h2>Limitation of Liability</h2>
      <p>
        As far as the law allows, we are not liable for any loss or damage arising from your use of this
        website or from relying on its content, including any interruption, error or virus. Nothing in this
        notice limits our liability for death or personal injury caused by our negligence, for fraud, or for
        anything else that cannot be limited by law.
      </p>
      <p>
        Taking part in activities on the range is covered by separate terms: every participant (or, for
        under-18s, a parent or guardian) must read and sign a separate waiver before shooting, and must follow
        the safety briefing and the instructions of our marshals at all times.
      </p>
    </>
  );
}

function PrivacyPolicyLink() {
  return (
    <>
      <h2>Privacy Policy</h2>
      <p>
        How we collect and use personal information, including the cookies this website sets, is explained in
        our <a href="/privacy-policy">Privacy Policy</a>.
      </p>
    </>
  );
}

function IntellectualProperty({ site }: { site: SiteSettings }) {
  return (
    <>
      <h2>Intellectual Property</h2>
      <p>
        The text, photographs, videos, logos and design of this website belong to {site.company_name} or are
        used with the owner's permission. You may view and print pages for your own personal use, but you may
        not copy, republish or use them commercially without our written permission. Partner names and logos
        belong to their respective owners.
      </p>
    </>
  );
}

function ThirdPartyLinks() {
  return (
    <>
      <h2>Third-Party Links</h2>
      <p>
        This website links to other websites, such as event organisers and our social media pages, and can
        show videos hosted by YouTube once you choose to play them. We do not control those websites and are
        not responsible for their content or for how they handle your information, so please read their own
        terms and privacy notices.
      </p>
    </>
  );
}

function GoverningLaw() {
  return (
    <>
      <h2>Governing Law</h2>
      <p>
        This legal notice and your use of this website are governed by the laws of the United Kingdom, and any
        dispute about them is subject to the jurisdiction of the courts of the United Kingdom.
      </p>
    </>
  );
}

function Changes({ site }: { site: SiteSettings }) {
  return (
    <>
      <h2>Changes</h2>
      <p>
        We may update this notice from time to time, for example when the law or our services change. The
        version published on this page is the one that applies. If you have any questions, contact us on{' '}
        <a href={telHref(site.phone)}>{site.phone}</a> or at <a href={`mailto:${site.email}`}>{site.email}</a>
        .
      </p>
    </>
  );
}
