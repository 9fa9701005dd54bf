// The admin routes (SPEC §2). Everything but login and the password-reset pages sits inside the
// authenticated layout, which sends visitors without a session to /admin/login.
import { Navigate, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { ToastHost } from '../components/toast.tsx';
import { RequireAuth } from './auth/require-auth.tsx';
import { AdminLayout } from './layout.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { AnalyticsScreen } from './routes/analytics.tsx';
import { BadgesScreen } from './routes/badges.tsx';
import { DashboardScreen } from './routes/dashboard.tsx';
import { EnquiriesScreen } from './routes/enquiries.tsx';
import { EventsScreen } from './routes/events.tsx';
import { ForgotPasswordScreen } from './routes/forgot-password.tsx';
import { GalleryScreen } from './routes/gallery.tsx';
import { LoginScreen } from './routes/login.tsx';
import { RecentlyDeletedScreen } from './routes/recently-deleted.tsx';
import { LogosScreen } from './routes/logos.tsx';
import { ResetPasswordScreen } from './routes/reset-password.tsx';
import { SettingsScreen } from './routes/settings.tsx';
import { TestimonialsScreen } from './routes/testimonials.tsx';
import { UsersScreen } from './routes/users.tsx';
import { VideosScreen } from './routes/videos.tsx';

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
          <Route path="analytics" element={<AnalyticsScreen />} />
          <Route path="users" element={<UsersScreen />} />
          <Route path="recently-deleted" element={<RecentlyDeletedScreen />} />
          <Route path="settings" element={<SettingsScreen />} />
          <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
        </Route>
        <Route path="*" element={<Navigate to={ADMIN_PATHS.dashboard} replace />} />
      </Routes>
      {/* SPEC §4: two toast readings coexist — one-at-a-time (content screens) and sonner (4 s, 3 visible).
          Both sit bottom-right (full width on a phone), clear of the screens' action buttons at the top:
          at top-right a 'Notifications Sent' toast covered the button that had just been pressed. */}
      <ToastHost />
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />
    </>
  );
}
