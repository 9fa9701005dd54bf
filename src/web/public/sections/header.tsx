// The sticky header: the brand and the three anchors of SPEC §2. They are plain links, so they jump
// to their sections with JavaScript off too; on the legal pages they point at the home page.
import { usePageData } from '../page-data-context.tsx';
import { LogoMark } from './logo-mark.tsx';

const NAV = [
  { label: 'Events', anchor: 'events' },
  { label: 'About', anchor: 'about' },
  { label: 'Contact', anchor: 'contact' },
] as const;

export function SiteHeader({ onHomePage }: { onHomePage: boolean }) {
  const { site } = usePageData();
  const prefix = onHomePage ? '' : '/';
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <a
          href={onHomePage ? '#top' : '/'}
          data-track="nav-logo"
          className="flex min-w-0 items-center gap-2.5 rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-400"
        >
          <LogoMark className="size-8 shrink-0 sm:size-9" />
          <span className="max-w-[9rem] font-display text-base leading-none font-bold tracking-wide text-white uppercase sm:max-w-none sm:text-xl">
            {site.trading_name}
          </span>
        </a>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 sm:gap-2">
            {NAV.map(({ label, anchor }) => (
              <li key={anchor}>
                <a
                  href={`${prefix}#${anchor}`}
                  data-track={`nav-${anchor}`}
                  className={`inline-flex min-h-10 items-center rounded-md px-2.5 text-sm font-semibold tracking-wide uppercase transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:px-4 ${
                    anchor === 'contact'
                      ? 'bg-accent-600 text-white hover:bg-accent-700'
                      : 'text-ink-100 hover:bg-white/10 hover:text-white'
                  }`}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
