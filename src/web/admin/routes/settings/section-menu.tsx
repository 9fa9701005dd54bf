// The settings page's own menu (issue 28): a link to each section the page shows — a row of chips at
// the top on a phone or tablet, a column that stays in view beside the sections on a laptop — and the
// section being read marked as current. The list comes from the page (settings.tsx), so a section
// added there is in the menu too.
import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export interface MenuSection {
  /** The id of the section's heading (SettingsSection's id). */
  id: string;
  /** The menu's short name for it. */
  label: string;
}

/** How far down the window a heading counts as the one being read. */
const READING_LINE = 0.25;

/**
 * The last section whose heading is above the reading line (a quarter down the window), else the
 * first; at the foot of the page, the last whose heading is in view. Worked out from where the
 * headings are on each scroll, so a jump across several sections is followed too.
 */
function useCurrentSection(ids: readonly string[]): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');
  useEffect(() => {
    const list = key.split(' ');
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = list
        .map((id) => ({ id, top: document.getElementById(id)?.getBoundingClientRect().top }))
        .filter((heading): heading is { id: string; top: number } => heading.top !== undefined);
      const atFoot = innerHeight + scrollY >= document.documentElement.scrollHeight - 2;
      const line = atFoot ? innerHeight : innerHeight * READING_LINE;
      setCurrent(tops.filter(({ top }) => top <= line).at(-1)?.id ?? list[0]);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    addEventListener('scroll', schedule, { passive: true });
    addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', schedule);
      removeEventListener('resize', schedule);
    };
  }, [key]);
  return current;
}

const LINK =
  'rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 lg:block lg:rounded-lg lg:py-2 lg:text-base';

export function SectionMenu({ sections }: { sections: readonly MenuSection[] }) {
  const navigate = useNavigate();
  const current = useCurrentSection(sections.map((section) => section.id));

  // Always goes there, even when the address already names the section (the page was scrolled since);
  // the page's own hash handling (settings.tsx) moves the focus to the heading.
  function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault();
    const heading = document.getElementById(id);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
    void navigate({ hash: id }, { replace: true });
  }

  return (
    <nav aria-label="Settings sections" className="-mx-4 mb-4 sm:mx-0 lg:sticky lg:top-8 lg:mb-0">
      <p className="sr-only lg:not-sr-only lg:mb-2 lg:px-3 lg:text-sm lg:font-semibold lg:tracking-wide lg:text-ink-600 lg:uppercase">
        On this page
      </p>
      <ul className="flex gap-2 overflow-x-auto px-4 pb-2 sm:flex-wrap sm:px-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:pb-0">
        {sections.map(({ id, label }) => {
          const isCurrent = id === current;
          return (
            <li key={id} className="shrink-0">
              <a
                href={`#${id}`}
                onClick={(event) => jump(event, id)}
                aria-current={isCurrent ? 'location' : undefined}
                className={`${LINK} ${
                  isCurrent
                    ? 'bg-ink-900 text-white lg:bg-accent-50 lg:text-accent-800'
                    : 'bg-white text-ink-800 ring-1 ring-ink-200 hover:bg-ink-100 lg:bg-transparent lg:ring-0'
                }`}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
