// 'WHY CHOOSE': five fixed feature cards (docs/product.md#landing-page), beside the first picture of gallery
// section why-choose when there is one.
import { HardHat, ShieldCheck, Trophy, Truck, Users } from 'lucide-react';
import { usePageData } from '../page-data-context.tsx';
import { Section, SectionHeading, SidePhoto } from './ui.tsx';

const FEATURES = [
  {
    icon: Truck,
    title: 'Fully mobile',
    text: 'We arrive with everything on one trailer and set up on grass, hard standing or indoors — anywhere in the UK.',
  },
  {
    icon: ShieldCheck,
    title: 'Safe and fully insured',
    text: 'Low-power airsoft, eye protection for every shooter, a netted range and full public liability insurance.',
  },
  {
    icon: Users,
    title: 'For all ages and abilities',
    text: 'Short, easy-to-learn games mean first-timers, families and seasoned shooters all have a go and have a laugh.',
  },
  {
    icon: Trophy,
    title: 'Scored games and leaderboards',
    text: 'Interactive targets score every hit, and a live leaderboard keeps the crowd coming back to beat the top score.',
  },
  {
    icon: HardHat,
    title: 'Run by trained marshals',
    text: 'Our friendly, safety-trained marshals brief every shooter and supervise every lane, so you can enjoy your event.',
  },
] as const;

export function WhyChoose() {
  const { site, gallery } = usePageData();
  const image = gallery.find((g) => g.section === 'why-choose');
  return (
    <Section name="why-choose" labelledBy="why-choose-heading" className="bg-ink-950">
      <div className={image ? 'grid gap-10 lg:grid-cols-12 lg:gap-12' : ''}>
        {image && (
          <div className="lg:col-span-5">
            <div className="relative overflow-hidden rounded-card border border-white/10 lg:sticky lg:top-24">
              <SidePhoto image={image} />
              <div
                aria-hidden="true"
                className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-ink-950/80 to-transparent"
              />
            </div>
          </div>
        )}
        <div className={image ? 'lg:col-span-7' : ''}>
          <SectionHeading
            id="why-choose-heading"
            eyebrow="The range that comes to you"
            intro="A headline attraction that runs itself: we bring the range, the games and the team."
          >
            WHY CHOOSE <span className="text-accent-400">{site.trading_name}</span>
          </SectionHeading>
          <ul className={`grid gap-4 sm:grid-cols-2 ${image ? '' : 'lg:grid-cols-3'}`}>
            {FEATURES.map(({ icon: Icon, title, text }, index) => (
              <li
                key={title}
                className={`rounded-card border border-white/10 bg-ink-800/70 p-6 ${
                  index === FEATURES.length - 1 && image ? 'sm:col-span-2' : ''
                }`}
              >
                <Icon aria-hidden="true" className="mb-4 size-8 text-accent-400" strokeWidth={1.75} />
                <h3 className="font-display text-xl font-bold tracking-wide text-white uppercase">{title}</h3>
                <p className="mt-2 text-ink-200">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
