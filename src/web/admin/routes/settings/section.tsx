// One titled card of the settings page.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/admin-ui.tsx';

export function SettingsSection({
  id,
  title,
  icon: Icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        {/* Focusable from script only: a link to the section moves focus here (settings.tsx); the
            scroll margin keeps it clear of the phone layout's sticky header. */}
        <h2
          id={id}
          tabIndex={-1}
          className="flex scroll-mt-20 items-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase focus:outline-none"
        >
          <Icon className="size-5 text-accent-600" aria-hidden="true" />
          {title}
        </h2>
        {description && <div className="mt-1 text-ink-600">{description}</div>}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

/** The server's schemas say "must be …"; beside a field it reads "Phone must be …". */
export const fieldSentence = (label: string, message: string | undefined) =>
  message && /^[a-z]/.test(message) ? `${label} ${message}` : message;
