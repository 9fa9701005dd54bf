// Testimonials (docs/product.md#landing-page): only when there is at least one, at most TESTIMONIALS_SHOWN.
import { Quote, Star } from 'lucide-react';
import { TESTIMONIALS_SHOWN } from '#shared/constants.ts';
import { usePageData } from '../page-data-context.tsx';
import { Section, SectionHeading } from './ui.tsx';

const COLUMNS: Record<number, string> = { 1: 'mx-auto max-w-2xl', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3' };

export function Testimonials() {
  const shown = usePageData().testimonials.slice(0, TESTIMONIALS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <Section name="testimonials" labelledBy="testimonials-heading" className="bg-ink-900">
      <SectionHeading id="testimonials-heading" eyebrow="Testimonials" align="center">
        WHAT OUR CLIENTS SAY
      </SectionHeading>
      <ul className={`grid gap-6 ${COLUMNS[shown.length] ?? 'md:grid-cols-3'}`}>
        {shown.map((t) => (
          <li key={t.id}>
            <figure className="flex h-full flex-col rounded-card border border-white/10 bg-ink-800 p-6 sm:p-8">
              <Quote aria-hidden="true" className="mb-4 size-9 text-accent-500" />
              <Stars rating={t.rating} />
              <blockquote className="mt-4 flex-1 text-lg text-ink-100">
                <p>“{t.testimonial_text}”</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-white/10 pt-4">
                <span className="block font-semibold text-white">{t.client_name}</span>
                <span className="text-sm text-ink-300">{t.company}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Stars({ rating }: { rating: number }) {
  const value = Math.max(1, Math.min(5, Math.round(rating)));
  return (
    <p role="img" aria-label={`Rated ${value} out of 5`} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-5 ${n <= value ? 'fill-accent-400 text-accent-400' : 'text-ink-500'}`}
        />
      ))}
    </p>
  );
}
