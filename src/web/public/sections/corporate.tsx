// The corporate and festival section (docs/product.md#landing-page) with its 'ENQUIRE ABOUT BOOKING' button.
import { Building2, Tent } from 'lucide-react';
import { Section } from './ui.tsx';
import { CtaLink } from './ui.tsx';

const AUDIENCES = [
  {
    icon: Building2,
    title: 'Corporate and team days',
    points: [
      'Team-building with a real competitive edge',
      'Leaderboards for departments or teams',
      'Staff parties, client days and product launches',
    ],
  },
  {
    icon: Tent,
    title: 'Festivals, fairs and shows',
    points: [
      'Quick games that keep the queue moving',
      'A crowd-pulling attraction from morning to night',
      'Pay-to-play or included in your ticket price',
    ],
  },
] as const;

export function Corporate() {
  return (
    <Section name="corporate" labelledBy="corporate-heading" className="bg-ink-950">
      <div className="relative overflow-hidden rounded-card bg-gradient-to-br from-accent-700 via-accent-700 to-ink-900 p-8 sm:p-12 lg:p-16">
        {/* The target is cut by the svg's own box, so nothing sticks out of the card. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 200 200"
          className="pointer-events-none absolute top-0 right-0 size-64 text-white opacity-10 sm:size-96"
        >
          <g fill="none" stroke="currentColor" strokeWidth="6">
            <circle cx="130" cy="70" r="94" />
            <circle cx="130" cy="70" r="64" />
            <circle cx="130" cy="70" r="34" />
            <path d="M130 0v40M130 100v100M0 70h70M160 70h40" />
          </g>
        </svg>
        <div className="relative grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="mb-3 text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">
              Book us for your event
            </p>
            <h2
              id="corporate-heading"
              className="font-display text-4xl leading-none font-bold text-white uppercase sm:text-5xl lg:text-6xl"
            >
              CORPORATE DAYS AND FESTIVALS
            </h2>
            <p className="mt-5 max-w-xl text-lg text-white/90">
              From a team day for twenty to a three-day festival, the range scales to your crowd. Tell us the
              date and the place, and we will put together a package that fits.
            </p>
            <CtaLink href="#contact" track="corporate-enquire-about-booking" variant="light" className="mt-8">
              ENQUIRE ABOUT BOOKING
            </CtaLink>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {AUDIENCES.map(({ icon: Icon, title, points }) => (
              <div
                key={title}
                className="rounded-card border border-white/15 bg-ink-950/50 p-6 backdrop-blur-sm"
              >
                <Icon aria-hidden="true" className="mb-3 size-8 text-accent-300" />
                <h3 className="font-display text-xl font-bold tracking-wide text-white uppercase">{title}</h3>
                <ul className="mt-3 space-y-2 text-ink-100">
                  {points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <span
                        aria-hidden="true"
                        className="mt-2 size-1.5 shrink-0 rounded-full bg-accent-400"
                      />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </div>
    </Section>
  );
}
