// The authenticated layout (SPEC §2): a sidebar titled 'CMS Admin' with every admin page and Logout.
import { NavLink, Outlet } from 'react-router';
import { tokenStore } from './auth/token-store.ts';
import { ADMIN_PATHS } from './paths.ts';

const NAV = [
  ['Dashboard', ADMIN_PATHS.dashboard],
  ['Events', ADMIN_PATHS.events],
  ['Logos', ADMIN_PATHS.logos],
  ['Badges', ADMIN_PATHS.badges],
  ['Gallery', ADMIN_PATHS.gallery],
  ['Videos', ADMIN_PATHS.videos],
  ['Testimonials', ADMIN_PATHS.testimonials],
  ['Enquiries', ADMIN_PATHS.enquiries],
  ['Analytics', ADMIN_PATHS.analytics],
  ['Admin Users', ADMIN_PATHS.users],
  ['Settings', ADMIN_PATHS.settings],
] as const;

export function AdminLayout() {
  return (
    <div className="flex min-h-screen">
      <nav aria-label="Admin" className="w-60 bg-ink-900 p-4 text-ink-100">
        <p className="mb-4 font-display text-xl">CMS Admin</p>
        <ul>
          {NAV.map(([label, to]) => (
            <li key={to}>
              <NavLink to={to}>{label}</NavLink>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => tokenStore.clear()}>
          Logout
        </button>
      </nav>
      <main className="flex-1 p-6">
        <Outlet />
      </main>
    </div>
  );
}
