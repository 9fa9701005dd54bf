// Each signed-in screen's heading, by its path under /admin/: the screen's own header and the
// signed-in frame its page shows before any script (decision 0486) say the same.
export const SCREEN_TITLES = {
  dashboard: 'Dashboard',
  events: 'Events',
  logos: 'Partner Logos',
  badges: 'Badges',
  gallery: 'Gallery',
  videos: 'Videos',
  testimonials: 'Testimonials',
  enquiries: 'Contact Enquiries',
  bookings: 'Bookings',
  analytics: 'Website Analytics',
  users: 'Admin Users',
  'recently-deleted': 'Recently deleted',
  settings: 'Settings',
} as const;

export type SignedInScreen = keyof typeof SCREEN_TITLES;

export const isSignedInScreen = (name: string): name is SignedInScreen => Object.hasOwn(SCREEN_TITLES, name);
