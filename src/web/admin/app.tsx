// The admin routes (docs/product.md#routes). Everything but login and the password-reset pages sits inside
// the authenticated layout, which sends visitors without a session to /admin/login.
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { ToastHost } from '../components/toast.tsx';
import { RequireAuth } from './auth/require-auth.tsx';
import { ADMIN_PATHS } from './paths.ts';

/**
 * One screen as a chunk of its own, fetched when it is first shown (issue 27): the login screen loads
 * the router, React Query and its own form, not the content editors, charts and tables of the rest.
 * Nothing is shown for the moment the chunk takes to arrive, in the screen's own place (the layout
 * around it stays).
 */
function screen<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  };
}

const AdminLayout = screen(() => import('./layout.tsx'), 'AdminLayout');
const AnalyticsScreen = screen(() => import('./routes/analytics.tsx'), 'AnalyticsScreen');
const BookingsScreen = screen(() => import('./routes/bookings.tsx'), 'BookingsScreen');
const BadgesScreen = screen(() => import('./routes/badges.tsx'), 'BadgesScreen');
const DashboardScreen = screen(() => import('./routes/dashboard.tsx'), 'DashboardScreen');
const EnquiriesScreen = screen(() => import('./routes/enquiries.tsx'), 'EnquiriesScreen');
const EventsScreen = screen(() => import('./routes/events.tsx'), 'EventsScreen');
const ForgotPasswordScreen = screen(() => import('./routes/forgot-password.tsx'), 'ForgotPasswordScreen');
const GalleryScreen = screen(() => import('./routes/gallery.tsx'), 'GalleryScreen');
const LoginScreen = screen(() => import('./routes/login.tsx'), 'LoginScreen');
const RecentlyDeletedScreen = screen(() => import('./routes/recently-deleted.tsx'), 'RecentlyDeletedScreen');
const LogosScreen = screen(() => import('./routes/logos.tsx'), 'LogosScreen');
const ResetPasswordScreen = screen(() => import('./routes/reset-password.tsx'), 'ResetPasswordScreen');
const SettingsScreen = screen(() => import('./routes/settings.tsx'), 'SettingsScreen');
const TestimonialsScreen = screen(() => import('./routes/testimonials.tsx'), 'TestimonialsScreen');
const UsersScreen = screen(() => import('./routes/users.tsx'), 'UsersScreen');
const VideosScreen = screen(() => import('./routes/videos.tsx'), 'VideosScreen');

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
          <Route path="dashboard" element={<DashboardScreen />} />
          <Route path="events" element={<EventsScreen />} />
          <Route path="logos" element={<LogosScreen />} />
          <Route path="badges" element={<BadgesScreen />} />
          <Route path="gallery" element={<GalleryScreen />} />
          <Route path="videos" element={<VideosScreen />} />
          <Route path="testimonials" element={<TestimonialsScreen />} />
          <Route path="enquiries" element={<EnquiriesScreen />} />
          <Route path="bookings" element={<BookingsScreen />} />
          <Route path="analytics" element={<AnalyticsScreen />} />
          <Route path="users" element={<UsersScreen />} />
          <Route path="recently-deleted" element={<RecentlyDeletedScreen />} />
          <Route path="settings" element={<SettingsScreen />} />
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
