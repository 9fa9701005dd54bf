// Page data for the public pages' tests: one of everything an island renders (an event, photos for the
// carousel, a YouTube clip and an uploaded hero video, ALTCHA for the form); a test changes what it is about.
import type { PageData } from '#shared/page-data.ts';

/** The fields every content item has, as a live item created on 1 January 2026 has them. */
export const CONTENT_STAMP = {
  order: 0,
  is_active: true,
  show_from: null,
  hide_after: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const photo = (id: number, title: string) => ({
  ...CONTENT_STAMP,
  id,
  title,
  image_url: `/uploads/photo-${id}.jpg`,
  alt_text: '',
  section: 'action-gallery',
});

export const TEST_PAGE_DATA = {
  publicUrl: 'https://range.example',
  today: '2026-06-01',
  site: {
    trading_name: 'Lock & Load Ranges',
    phone: '01632 960123',
    email: 'hello@range.example',
    facebook_url: '',
    instagram_url: '',
    tiktok_url: '',
    youtube_url: '',
    company_name: 'Range Ltd',
    company_number: '12345678',
    registered_address: '1 High Street, Reading',
    is_placeholder: false,
    updated_at: null,
  },
  events: [
    {
      ...CONTENT_STAMP,
      id: 1,
      name: 'Summer Fest',
      location: 'Reading',
      date: '2026-07-01',
      link: '',
      image_url: '',
    },
  ],
  logos: [],
  badges: [],
  gallery: [photo(1, 'Lane one'), photo(2, 'Lane two'), photo(3, 'Lane three')],
  videos: [
    {
      ...CONTENT_STAMP,
      id: 1,
      title: 'Hero loop',
      video_type: 'upload',
      video_url: '/uploads/hero.mp4',
      thumbnail_url: '/uploads/hero.jpg',
      description: '',
      category: 'hero',
    },
    {
      ...CONTENT_STAMP,
      id: 2,
      title: 'Festival highlights',
      video_type: 'youtube',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      thumbnail_url: '',
      description: '',
      category: 'promo',
    },
  ],
  testimonials: [],
  analyticsRetentionDays: 395,
  captcha: {
    provider: 'altcha',
    challenge_url: '/api/captcha/challenge',
    site_key: null,
    action: null,
    honeypot_field: 'website',
  },
} as unknown as PageData;
