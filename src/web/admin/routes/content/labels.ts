// Human names for the gallery sections and video categories (docs/product.md#content-fields).
import type { GALLERY_SECTIONS, VIDEO_CATEGORIES } from '#shared/constants.ts';

export const GALLERY_SECTION_LABELS: Record<(typeof GALLERY_SECTIONS)[number], string> = {
  'action-gallery': 'See the Range in Action',
  hero: 'Hero',
  'why-choose': 'Why Choose',
  'game-modes': 'Game Modes',
  deliver: 'What We Deliver',
};

export const VIDEO_CATEGORY_LABELS: Record<(typeof VIDEO_CATEGORIES)[number], string> = {
  hero: 'Hero Background',
  demo: 'Demo Videos',
  gallery: 'See Range in Action',
  promo: 'Promotional',
};
