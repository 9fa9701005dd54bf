import type { ReactNode } from 'react';

/** The title of one card of the analytics screen. */
export function SectionHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="mb-4 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
      {children}
    </h2>
  );
}
