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
        <h2
          id={id}
          className="flex items-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase"
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
