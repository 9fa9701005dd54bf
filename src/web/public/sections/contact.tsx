// Contact (anchor contact): the business's phone and e-mail from the site settings, and the booking
// enquiry form.
import { Clock, Mail, Phone } from 'lucide-react';
import { Island } from '../islands/island.tsx';
import { usePageData } from '../page-data-context.tsx';
import { Section, SectionHeading } from './ui.tsx';

export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

export function Contact() {
  const { site } = usePageData();
  return (
    <Section name="contact" id="contact" labelledBy="contact-heading" className="bg-ink-950">
      <div className="grid gap-10 lg:grid-cols-12 lg:gap-14">
        <div className="min-w-0 lg:col-span-5">
          <SectionHeading
            id="contact-heading"
            eyebrow="Contact"
            intro="Tell us about your event: the date, the place and roughly how many people. We will come back to you with availability and a quote."
          >
            BOOK THE RANGE FOR YOUR EVENT
          </SectionHeading>
          <ul className="space-y-4">
            <li>
              <a
                href={telHref(site.phone)}
                data-track="contact-phone"
                className="group flex items-center gap-4 rounded-card border border-white/10 bg-ink-800 p-4 transition hover:border-accent-500/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
              >
                <span className="grid size-12 place-items-center rounded-lg bg-accent-600">
                  <Phone aria-hidden="true" className="size-6 text-white" />
                </span>
                <span>
                  <span className="block text-sm text-ink-300">Call us</span>
                  <span className="text-lg font-semibold text-white">{site.phone}</span>
                </span>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${site.email}`}
                data-track="contact-email"
                className="group flex items-center gap-4 rounded-card border border-white/10 bg-ink-800 p-4 transition hover:border-accent-500/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
              >
                <span className="grid size-12 place-items-center rounded-lg bg-accent-600">
                  <Mail aria-hidden="true" className="size-6 text-white" />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm text-ink-300">E-mail us</span>
                  <span className="block text-base font-semibold [overflow-wrap:anywhere] text-white sm:text-lg">
                    {site.email}
                  </span>
                </span>
              </a>
            </li>
            <li className="flex items-center gap-4 p-4 text-ink-200">
              <Clock aria-hidden="true" className="size-6 shrink-0 text-accent-400" />
              We reply to every enquiry within 24 hours.
            </li>
          </ul>
        </div>
        <div className="min-w-0 lg:col-span-7">
          <div className="rounded-card border border-white/10 bg-ink-800 p-6 shadow-2xl sm:p-8">
            <Island name="enquiry-form" />
          </div>
        </div>
      </div>
    </Section>
  );
}
