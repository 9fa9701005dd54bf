// 'AS SEEN AT': partner logos, linked to their website when one is set.
import { usePageData } from '../page-data-context.tsx';
import { MediaImage, Section } from './ui.tsx';

export function PartnerLogos() {
  const { logos } = usePageData();
  if (logos.length === 0) return null;
  return (
    <Section
      name="partners"
      labelledBy="partners-heading"
      className="border-t border-white/5 bg-ink-950 !py-14 sm:!py-20"
    >
      <h2
        id="partners-heading"
        className="mb-10 text-center font-display text-3xl font-bold tracking-[0.15em] text-white uppercase sm:text-4xl"
      >
        AS SEEN AT
      </h2>
      <ul className="grid grid-cols-2 items-center gap-4 sm:gap-6 md:grid-cols-4">
        {logos.map((logo) => {
          const image = (
            <MediaImage
              src={logo.logo_url}
              alt={logo.name}
              width={600}
              height={300}
              sizes="(min-width: 768px) 25vw, 50vw"
              className="aspect-[2/1] w-full object-contain opacity-80 transition group-hover:opacity-100"
            />
          );
          const box = 'group block rounded-card border border-white/10 bg-ink-900 p-3 sm:p-5';
          return (
            <li key={logo.id}>
              {logo.website_url ? (
                <a
                  href={logo.website_url}
                  target="_blank"
                  rel="noopener"
                  data-track="partner-logo"
                  className={`${box} transition hover:border-accent-500/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400`}
                >
                  {image}
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                <div className={box}>{image}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
