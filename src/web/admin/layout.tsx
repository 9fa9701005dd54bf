// The authenticated layout (docs/product.md#admin-screens): a sidebar titled 'CMS Admin' with every admin
// page and Logout. On a phone the sidebar becomes a drawer behind a menu button. While a password change is
// forced only Settings and Logout are usable (the guard sends everything else to Settings anyway).
import * as Dialog from '@radix-ui/react-dialog';
import {
  Award,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  Clapperboard,
  ExternalLink,
  Handshake,
  Images,
  Inbox,
  LayoutDashboard,
  LogOut,
  Menu,
  MessageSquareQuote,
  Settings,
  ShieldCheck,
  User,
  Users,
  X,
  type LucideIcon,
  Trash2,
} from 'lucide-react';
import { useCallback, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useMe } from './api/me.ts';
import { useInactivityLogout } from './auth/inactivity.ts';
import { useSignOut } from './auth/sign-out.ts';
import { useMustChangePassword } from './auth/token-store.ts';
import { AlertDialog } from './components/alert-dialog.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { Button } from '../components/button.tsx';

const NAV: readonly { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'Dashboard', to: ADMIN_PATHS.dashboard, icon: LayoutDashboard },
  { label: 'Events', to: ADMIN_PATHS.events, icon: CalendarDays },
  { label: 'Logos', to: ADMIN_PATHS.logos, icon: Handshake },
  { label: 'Badges', to: ADMIN_PATHS.badges, icon: Award },
  { label: 'Gallery', to: ADMIN_PATHS.gallery, icon: Images },
  { label: 'Videos', to: ADMIN_PATHS.videos, icon: Clapperboard },
  { label: 'Testimonials', to: ADMIN_PATHS.testimonials, icon: MessageSquareQuote },
  { label: 'Enquiries', to: ADMIN_PATHS.enquiries, icon: Inbox },
  { label: 'Bookings', to: ADMIN_PATHS.bookings, icon: CalendarCheck },
  { label: 'Analytics', to: ADMIN_PATHS.analytics, icon: ChartColumn },
  { label: 'Admin Users', to: ADMIN_PATHS.users, icon: Users },
  { label: 'Recently deleted', to: ADMIN_PATHS.recentlyDeleted, icon: Trash2 },
  { label: 'Settings', to: ADMIN_PATHS.settings, icon: Settings },
];

// A laptop's sidebar is a little tighter than the phone's drawer (touch-sized rows): all of it fits a
// window 720 px tall, where the last item was cut off at 800 (issue 28); shorter ones scroll the list.
const ITEM =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 lg:min-h-10';

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const mustChange = useMustChangePassword();
  const signOut = useSignOut();
  const me = useMe();
  return (
    <div className="flex h-full flex-col gap-6 bg-ink-900 px-3 py-5 text-ink-100 lg:gap-4 lg:py-4">
      <div className="px-3">
        <p className="font-display text-2xl font-semibold tracking-wide text-white uppercase">CMS Admin</p>
        <a
          href="/"
          className="mt-1 inline-flex items-center gap-1.5 rounded text-sm text-accent-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          View site <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto">
        <ul className="space-y-1 lg:space-y-0.5">
          {NAV.map(({ label, to, icon: Icon }) =>
            mustChange && to !== ADMIN_PATHS.settings ? (
              <li key={to}>
                <span aria-disabled="true" className={`${ITEM} cursor-not-allowed text-ink-300`}>
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                </span>
              </li>
            ) : (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `${ITEM} ${isActive ? 'bg-accent-600 text-white' : 'text-ink-100 hover:bg-ink-700 hover:text-white'}`
                  }
                >
                  <Icon className="size-5 shrink-0" aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className="space-y-2 border-t border-ink-700 pt-4">
        {me.data && (
          <p className="flex items-center gap-2 px-3 text-sm text-ink-100">
            {me.data.role === 'superadmin' ? (
              <ShieldCheck className="size-4 shrink-0 text-accent-300" aria-hidden="true" />
            ) : (
              <User className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span className="min-w-0 truncate">
              Signed in as <span className="font-semibold text-white">{me.data.username}</span>
            </span>
          </p>
        )}
        <button
          type="button"
          onClick={() => void signOut()}
          className={`${ITEM} w-full text-ink-100 hover:bg-ink-700 hover:text-white`}
        >
          <LogOut className="size-5 shrink-0" aria-hidden="true" />
          Logout
        </button>
      </div>
    </div>
  );
}

/** Issue 16: a minute's notice before the inactivity logout; any activity (the button too) ends it. */
function InactivityWarning({ secondsLeft }: { secondsLeft: number | null }) {
  return (
    <AlertDialog open={secondsLeft !== null} title="Still there?" width="narrow">
      <Dialog.Description className="mt-2 text-ink-700">
        You will be signed out in <span className="font-semibold tabular-nums">{secondsLeft ?? 0} s</span>{' '}
        because nothing has happened for a while.
      </Dialog.Description>
      <Dialog.Close asChild>
        <Button className="mt-5 w-full sm:w-auto">Stay signed in</Button>
      </Dialog.Close>
    </AlertDialog>
  );
}

export function AdminLayout() {
  const signOut = useSignOut();
  const secondsLeft = useInactivityLogout(useCallback(() => signOut('inactivity'), [signOut]));
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // A redirect (e.g. the forced-change guard) also closes the drawer, not only a tap on a link: set
  // while rendering, as React advises for state that follows a value (no effect, no extra paint).
  const [seenPathname, setSeenPathname] = useState(pathname);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    setMenuOpen(false);
  }

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 text-ink-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="hidden w-64 shrink-0 bg-ink-900 lg:block">
        <div className="sticky top-0 h-screen">
          <Sidebar />
        </div>
      </aside>
      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 bg-ink-900 px-4 py-2 text-white lg:hidden">
          <p className="font-display text-xl font-semibold tracking-wide uppercase">CMS Admin</p>
          <Dialog.Trigger asChild>
            <button
              type="button"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-accent-400"
            >
              <Menu className="size-6" aria-hidden="true" />
              Menu
            </button>
          </Dialog.Trigger>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-950/60 lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close menu"
                className="absolute top-3 right-3 z-10 inline-flex size-11 items-center justify-center rounded-lg text-ink-100 hover:bg-ink-700 focus-visible:outline-2 focus-visible:outline-accent-400"
              >
                <X className="size-6" aria-hidden="true" />
              </button>
            </Dialog.Close>
            <Sidebar onNavigate={() => setMenuOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8"
      >
        <div className="mx-auto max-w-6xl">
          <Outlet />
        </div>
      </main>
      <InactivityWarning secondsLeft={secondsLeft} />
    </div>
  );
}
