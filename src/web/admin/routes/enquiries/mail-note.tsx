// The amber box the notes about e-mail above the enquiry list share: a named note with its icon beside
// its lines.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function MailNote({
  label,
  icon: Icon,
  children,
}: {
  label: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <div
      role="note"
      aria-label={label}
      className="mb-4 flex items-start gap-3 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">{children}</div>
    </div>
  );
}
