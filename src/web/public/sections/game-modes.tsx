// Game modes (docs/product.md#landing-page): the seven modes in their two groups, each group with a picture
// from gallery section game-modes when there is one (the first for single shooter, the second for
// multi-shooter).
import { Crosshair, Swords } from 'lucide-react';
import { usePageData } from '../page-data-context.tsx';
import { MediaImage, Section, SectionHeading } from './ui.tsx';

const GROUPS = [
  {
    id: 'single',
    title: 'Single shooter',
    icon: Crosshair,
    modes: [
      ['Target Practice', 'Hit as many targets as you can before the clock runs out — the perfect warm-up.'],
      ['Reaction Test', 'Targets light up at random: hit each one before it goes dark again.'],
      ['Time Trial', 'Clear every target against the clock and chase the fastest time of the day.'],
      ['Hostage Rescue', 'Pick out the threats and spare the hostages: accuracy under pressure.'],
    ],
  },
  {
    id: 'multi',
    title: 'Multi-shooter',
    icon: Swords,
    modes: [
      ['Two Shooter Flip', 'Head to head: flip targets to your colour before your rival flips them back.'],
      [
        'Multi-Shooter Gallery',
        'Everyone shoots the same gallery at once; the highest score takes the round.',
      ],
      ['Team Domination', 'Two teams battle to hold the most targets when the buzzer sounds.'],
    ],
  },
] as const;

export function GameModes() {
  const { gallery } = usePageData();
  const images = gallery.filter((g) => g.section === 'game-modes');
  return (
    <Section name="game-modes" labelledBy="game-modes-heading" className="bg-ink-900">
      <SectionHeading
        id="game-modes-heading"
        eyebrow="Seven ways to play"
        intro="Every game is scored by the targets themselves, from a first-timer's warm-up to a full team showdown."
      >
        GAME MODES
      </SectionHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        {GROUPS.map((group, index) => {
          const image = images[index] ?? images[0];
          const Icon = group.icon;
          return (
            <article
              key={group.id}
              aria-labelledby={`modes-${group.id}`}
              className="overflow-hidden rounded-card border border-white/10 bg-ink-800"
            >
              {image && (
                <MediaImage
                  src={image.image_url}
                  alt={image.alt_text || image.title}
                  width={1200}
                  height={600}
                  sizes="(min-width: 1024px) 50vw, 100vw"
                  className="aspect-[2/1] w-full object-cover"
                />
              )}
              <div className="p-6 sm:p-8">
                <h3
                  id={`modes-${group.id}`}
                  className="flex items-center gap-3 font-display text-3xl font-bold text-white uppercase"
                >
                  <span className="grid size-11 place-items-center rounded-lg bg-accent-600">
                    <Icon aria-hidden="true" className="size-6 text-white" />
                  </span>
                  {group.title}
                </h3>
                <ul className="mt-6 divide-y divide-white/10">
                  {group.modes.map(([name, text]) => (
                    <li key={name} className="py-4 first:pt-0 last:pb-0">
                      <h4 className="font-display text-xl font-semibold tracking-wide text-accent-300 uppercase">
                        {name}
                      </h4>
                      <p className="mt-1 text-ink-200">{text}</p>
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          );
        })}
      </div>
    </Section>
  );
}
