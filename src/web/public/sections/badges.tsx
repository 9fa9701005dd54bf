// Certifications and badges (docs/product.md#landing-page): only when there is at least one.
import { usePageData } from '../page-data-context.tsx';
import { MediaImage, Section, SectionHeading } from './ui.tsx';

export function Badges() {
  const { badges } = usePageData();
  if (badges.length === 0) return null;
  return (
    <Section name="badges" labelledBy="badges-heading" className="border-t border-white/5 bg-ink-900">
      <SectionHeading id="badges-heading" eyebrow="Peace of mind" align="center">
        CERTIFICATIONS AND BADGES
      </SectionHeading>
      <ul className="flex flex-wrap justify-center gap-6">
        {badges.map((badge) => (
          <li
            key={badge.id}
            className="flex w-full max-w-xs flex-col items-center rounded-card border border-white/10 bg-ink-800 p-6 text-center sm:w-64"
          >
            <MediaImage
              src={badge.badge_url}
              alt={badge.name}
              width={400}
              height={400}
              sizes="128px"
              className="size-32 object-contain"
            />
            <h3 className="mt-4 font-display text-xl font-bold tracking-wide text-white uppercase">
              {badge.name}
            </h3>
            {badge.description && <p className="mt-1 text-sm text-ink-200">{badge.description}</p>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
