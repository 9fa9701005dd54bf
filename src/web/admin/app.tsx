// The admin routes (docs/product.md#routes). Everything but login and the password-reset pages sits inside
// the authenticated layout, which sends visitors without a session to /admin/login.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { ToastHost } from '../components/toast.tsx';
import { RequireAuth } from './auth/require-auth.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { isSignedInScreen, type SignedInScreen } from './screen-titles.ts';

/** A screen fetched when first shown, which can also be fetched ahead (`preload`). */
type LazyScreen = ComponentType & { preload: () => Promise<void> };

/**
 * One screen as a chunk of its own, fetched when it is first shown (issue 27): the login screen loads
 * the router, React Query and its own form, not the content editors, charts and tables of the rest.
 * Nothing is shown for the moment the chunk takes to arrive, in the screen's own place (the layout
 * around it stays). A screen fetched ahead (`preload`, before the client's first render on a page
 * that shows the signed-in frame, decision 0486) is drawn in that first render, with no gap.
 */
function screen<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K): LazyScreen {
  let loaded: ComponentType | undefined;
  const fetchScreen = () =>
    load().then((module) => {
      loaded = module[name];
      return { default: loaded };
    });
  const Screen = lazy<ComponentType>(fetchScreen);
  function LazyScreen() {
    // Chosen once per mount: switching between the two would remount the screen and lose its state.
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  }
  LazyScreen.preload = () => fetchScreen().then(() => undefined);
  return LazyScreen;
}

const AdminLayout = screen(() => import('./layout.tsx'), 'AdminLayout');
const ForgotPasswordScreen = screen(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordScreen');
const LoginScreen = screen(() => import('./routes/login.tsx'), 'LoginScreen');
const ResetPasswordScreen = screen(() => import('./routes/reset-password.tsx'), 'ResetPasswordScreen');

/** The screens inside the signed-in layout, by their path under /admin/. */
const SIGNED_IN_SCREENS: Record<SignedInScreen, LazyScreen> = {
  dashboard: screen(() => import('./routes/dashboard.tsx'), 'DashboardScreen'),
  events: screen(() => import('./routes/events.tsx'), 'EventsScreen'),
  logos: screen(() => import('./routes/logos.tsx'), 'LogosScreen'),
  badges: screen(() => import('./routes/badges.tsx'), 'BadgesScreen'),
  gallery: screen(() => import('./routes/gallery.tsx'), 'GalleryScreen'),
  videos: screen(() => import('./routes/videos.tsx'), 'VideosScreen'),
  testimonials: screen(() => import('./routes/testimonials.tsx'), 'TestimonialsScreen'),
  enquiries: screen(() => import('./routes/enquiries.tsx'), 'EnquiriesScreen'),
  bookings: screen(() => import('./routes/bookings.tsx'), 'BookingsScreen'),
  analytics: screen(() => import('./routes/analytics.tsx'), 'AnalyticsScreen'),
  users: screen(() => import('./routes/users.tsx'), 'UsersScreen'),
  'recently-deleted': screen(() => import('./routes/recently-deleted.tsx'), 'RecentlyDeletedScreen'),
  settings: screen(() => import('./routes/settings.tsx'), 'SettingsScreen'),
};

/**
 * Fetches the layout and the screen of a signed-in `pathname` (/admin/<screen>), so the client's first
 * render draws them at once. Nothing for a path that is not one.
 */
export async function preloadSignedInScreen(pathname: string): Promise<void> {
  const name = pathname.replace(/^\/admin\//, '');
  const screenOf = isSignedInScreen(name) ? SIGNED_IN_SCREENS[name] : undefined;
  if (screenOf) await Promise.all([AdminLayout.preload(), screenOf.preload()]);
}

export function AdminApp() {
  return (
    <>
      <Routes>
        <Route path={ADMIN_PATHS.login} element={<LoginScreen />} />
        <Route path={ADMIN_PATHS.forgotPassword} element={<ForgotPasswordScreen />} />
        <Route path={ADMIN_PATHS.resetPassword} element={<ResetPasswordScreen />} />
        <Route
          path="/admin"
          element={
            <RequireAuth>
              <AdminLayout />
            </RequireAuth>
          }
        >
          <Route index element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
          {Object.entries(SIGNED_IN_SCREENS).map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
        </Route>
        <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
      </Routes>
      {/* Two toast readings coexist (docs/product.md#toasts) — one-at-a-time (content screens) and sonner
          (4 s, 3 visible). Both sit bottom-right (full width on a phone), clear of the screens' action
          buttons at the top: at top-right a 'Notifications Sent' toast covered the button that had just
          been pressed. */}
      <ToastHost />
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />
    </>
  );
}
