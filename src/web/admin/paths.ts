// Every admin route (docs/product.md#routes), named once.
export const ADMIN_PATHS = {
  login: '/admin/login',
  forgotPassword: '/admin/forgot-password',
  resetPassword: '/admin/reset-password',
  dashboard: '/admin/dashboard',
  events: '/admin/events',
  logos: '/admin/logos',
  badges: '/admin/badges',
  gallery: '/admin/gallery',
  videos: '/admin/videos',
  testimonials: '/admin/testimonials',
  enquiries: '/admin/enquiries',
  bookings: '/admin/bookings',
  analytics: '/admin/analytics',
  users: '/admin/users',
  recentlyDeleted: '/admin/recently-deleted',
  settings: '/admin/settings',
} as const;
