// The sticky header: the brand and the three anchors (docs/product.md#landing-page). They are plain links, so
// they jump to their sections with JavaScript off too; on the legal pages they point at the home page.
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
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
        <a
          href={onHomePage ? '#top' : '/'}
          data-track="nav-logo"
          className="flex min-w-0 items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-400 sm:gap-2.5"
        >
          <LogoMark className="size-7 shrink-0 sm:size-9" />
          {/* Phones (360–390 px): at most two lines beside the three links, then an ellipsis. */}
          <span className="line-clamp-2 font-display text-[0.8125rem] leading-[1.1] font-bold text-white uppercase min-[375px]:text-sm sm:line-clamp-1 sm:text-xl sm:leading-none sm:tracking-wide">
            {site.trading_name}
          </span>
        </a>
        <nav aria-label="Main" className="shrink-0">
          <ul className="flex items-center gap-0.5 sm:gap-2">
            {NAV.map(({ label, anchor }) => (
              <li key={anchor}>
                <a
                  href={`${prefix}#${anchor}`}
                  data-track={`nav-${anchor}`}
                  className={`inline-flex min-h-10 items-center rounded-md px-1.5 text-[0.8125rem] min-[375px]:px-2 font-semibold uppercase transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 sm:px-4 sm:text-sm sm:tracking-wide ${
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
