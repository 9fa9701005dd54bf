// The demo content itself, kind by kind in the order it is seeded (demo-content.ts seeds it). The
// pictures and videos it names are drawn into the uploads folder first (src/demo).
import type { ContentKind } from '#shared/schemas/content.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type DemoItem = Record<string, unknown>;

const upload = (file: string) => `/uploads/${file}`;

/** Four upcoming events (one private) and two past ones, dated from `now`. */
function demoEvents(now: number): DemoItem[] {
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  return [
    {
      name: 'Summer Music Festival',
      location: 'Reading, Berkshire',
      date: day(21),
      image_url: upload('demo-event-festival.jpg'),
      order: 1,
    },
    {
      name: 'Corporate Team Day',
      location: 'Milton Keynes',
      date: day(35),
      image_url: upload('demo-event-corporate.jpg'),
      order: 2,
    },
    {
      name: 'County Agricultural Show',
      location: 'Shepton Mallet, Somerset',
      date: day(50),
      link: 'https://example.com/county-show',
      image_url: upload('demo-event-county-show.jpg'),
      order: 3,
    },
    {
      name: 'Private Birthday Party',
      location: 'Guildford, Surrey',
      date: day(64),
      image_url: upload('demo-event-private.jpg'),
      order: 4,
      // A booking the owner keeps track of, not one to advertise (decision 0442).
      is_private: true,
    },
    {
      name: 'Spring Fair',
      location: 'Oxford',
      date: day(-30),
      image_url: upload('demo-event-festival.jpg'),
      order: 5,
    },
    {
      name: 'Charity Fun Day',
      location: 'Bristol',
      date: day(-60),
      image_url: upload('demo-event-corporate.jpg'),
      order: 6,
    },
  ];
}

const DEMO_GALLERY: DemoItem[] = [
  {
    title: 'Steel targets',
    image_url: upload('demo-gallery-action-1.jpg'),
    alt_text: 'Players shooting at steel targets',
    section: 'action-gallery',
    order: 1,
  },
  {
    title: 'Reaction test',
    image_url: upload('demo-gallery-action-2.jpg'),
    alt_text: 'Lit targets in a reaction test',
    section: 'action-gallery',
    order: 2,
  },
  {
    title: 'Team domination',
    image_url: upload('demo-gallery-action-3.jpg'),
    alt_text: 'Two teams on the range',
    section: 'action-gallery',
    order: 3,
  },
  {
    title: 'Lining up the shot',
    image_url: upload('demo-gallery-action-4.jpg'),
    alt_text: 'A view through the sight at a lit target',
    section: 'action-gallery',
    order: 4,
  },
  {
    title: 'Leaderboard',
    image_url: upload('demo-gallery-action-5.jpg'),
    alt_text: 'Players watching the live leaderboard',
    section: 'action-gallery',
    order: 5,
  },
  {
    title: 'Festival night',
    image_url: upload('demo-gallery-action-6.jpg'),
    alt_text: 'The range tent lit up at a festival at dusk',
    section: 'action-gallery',
    order: 6,
  },
  {
    title: 'The range at dusk',
    image_url: upload('demo-gallery-hero.jpg'),
    alt_text: 'The mobile range set up at a festival',
    section: 'hero',
    order: 1,
  },
  {
    title: 'Fully mobile',
    image_url: upload('demo-gallery-why-choose.jpg'),
    alt_text: 'The range trailer arriving on site',
    section: 'why-choose',
    order: 1,
  },
  {
    title: 'Game modes',
    image_url: upload('demo-gallery-game-modes.jpg'),
    alt_text: 'A shooter lining up on a target in a single-shooter game',
    section: 'game-modes',
    order: 1,
  },
  {
    title: 'Multi-shooter games',
    image_url: upload('demo-gallery-game-modes-2.jpg'),
    alt_text: 'Four shooters competing side by side on the lanes',
    section: 'game-modes',
    order: 2,
  },
  {
    title: 'Staffed and supervised',
    image_url: upload('demo-gallery-deliver.jpg'),
    alt_text: 'A marshal in a hi-vis vest supervising the firing line',
    section: 'deliver',
    order: 1,
  },
];

const DEMO_VIDEOS: DemoItem[] = [
  {
    title: 'The range in action',
    video_type: 'upload',
    video_url: upload('hero-range.webm'),
    thumbnail_url: upload('demo-video-hero-poster.jpg'),
    description: 'Background video for the top of the page',
    category: 'hero',
    order: 1,
  },
  {
    title: 'Target demo',
    video_type: 'upload',
    video_url: upload('demo-targets.mp4'),
    thumbnail_url: upload('demo-video-demo-poster.jpg'),
    description: 'A short look at the interactive targets',
    category: 'gallery',
    order: 2,
  },
];

const DEMO_TESTIMONIALS: DemoItem[] = [
  {
    client_name: 'Sarah Thompson',
    company: 'Summer Fest Ltd',
    testimonial_text: 'The queue never stopped all weekend. Professional, safe and huge fun for every age.',
    rating: 5,
    order: 1,
  },
  {
    client_name: 'James Patel',
    company: 'Acme Events',
    testimonial_text:
      'Our team day was a hit: the reaction games got everyone competing. We have already rebooked.',
    rating: 5,
    order: 2,
  },
  {
    client_name: 'Emma Clarke',
    company: 'County Show Committee',
    testimonial_text: 'Easy to organise, brilliant staff and a real crowd-puller for the show.',
    rating: 4,
    order: 3,
  },
];

const DEMO_LOGOS: DemoItem[] = [
  {
    name: 'Summer Fest',
    logo_url: upload('demo-logo-festival.png'),
    website_url: 'https://example.com/summer-fest',
    order: 1,
  },
  { name: 'County Show', logo_url: upload('demo-logo-county.png'), order: 2 },
  {
    name: 'Acme Events',
    logo_url: upload('demo-logo-corporate.png'),
    website_url: 'https://example.com/acme',
    order: 3,
  },
  { name: 'Fun Day Co', logo_url: upload('demo-logo-school.png'), order: 4 },
];

const DEMO_BADGES: DemoItem[] = [
  {
    name: 'Fully insured',
    badge_url: upload('demo-badge-insured.png'),
    description: 'Public liability insurance for every event',
    order: 1,
  },
  {
    name: 'Safety trained staff',
    badge_url: upload('demo-badge-safety.png'),
    description: 'Every marshal is trained in range safety',
    order: 2,
  },
];

export function demoItems(now: number): Record<ContentKind, DemoItem[]> {
  return {
    events: demoEvents(now),
    gallery: DEMO_GALLERY,
    videos: DEMO_VIDEOS,
    testimonials: DEMO_TESTIMONIALS,
    logos: DEMO_LOGOS,
    badges: DEMO_BADGES,
  };
}
