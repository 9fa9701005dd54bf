// 'WHAT WE DELIVER' (anchor about): what a booking includes, beside the first picture of gallery
// section deliver when there is one.
import { Boxes, ClipboardCheck, Gauge, HardHat, ShieldCheck, Truck } from 'lucide-react';
import { usePageData } from '../page-data-context.tsx';
import { Section, SectionHeading, SidePhoto } from './ui.tsx';

const ITEMS = [
  {
    icon: Truck,
    title: 'Delivery, set-up and pack-down',
    text: 'We arrive early, build the range, and leave your site as we found it.',
  },
  {
    icon: HardHat,
    title: 'Trained range marshals',
    text: 'Friendly staff brief every shooter, run the games and keep everyone safe.',
  },
  {
    icon: Gauge,
    title: 'Interactive targets and live scoring',
    text: 'Electronic targets score every hit; the leaderboard keeps the queue buzzing.',
  },
  {
    icon: Boxes,
    title: 'All kit included',
    text: 'Airsoft guns, ammunition, eye protection and the netted range itself.',
  },
  {
    icon: ShieldCheck,
    title: 'Insurance and paperwork',
    text: 'Public liability insurance, risk assessments and method statements on request.',
  },
  {
    icon: ClipboardCheck,
    title: 'Sized for your site',
    text: 'A compact footprint that fits a festival field, a car park or a sports hall.',
  },
] as const;

export function Deliver() {
  const { gallery } = usePageData();
  const image = gallery.find((g) => g.section === 'deliver');
  return (
    <Section name="about" id="about" labelledBy="about-heading" className="bg-ink-900">
      <div className={image ? 'grid items-start gap-10 lg:grid-cols-12 lg:gap-14' : ''}>
        <div className={image ? 'lg:col-span-7' : ''}>
          <SectionHeading
            id="about-heading"
            eyebrow="About us"
            intro="One booking gets you a complete, professionally run attraction. You provide the space; we handle the rest."
          >
            WHAT WE DELIVER
          </SectionHeading>
          <ul className={`grid gap-x-8 gap-y-7 sm:grid-cols-2 ${image ? '' : 'lg:grid-cols-3'}`}>
            {ITEMS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-12 shrink-0 place-items-center rounded-lg border border-accent-500/40 bg-accent-600/15">
                  <Icon aria-hidden="true" className="size-6 text-accent-400" />
                </span>
                <div>
                  <h3 className="font-display text-lg font-bold tracking-wide text-white uppercase">
                    {title}
                  </h3>
                  <p className="mt-1 text-ink-200">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        {image && (
          <div className="lg:col-span-5">
            <SidePhoto image={image} className="rounded-card border border-white/10" />
          </div>
        )}
      </div>
    </Section>
  );
}
