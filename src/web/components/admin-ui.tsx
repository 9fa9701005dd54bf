// Small building blocks every admin screen shares, so the screens look and behave alike.
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { AlertCircle, CheckCircle2, Info, Loader2, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-display text-3xl font-semibold tracking-wide text-ink-900 uppercase">{title}</h1>
        {subtitle && <p className="mt-1 text-ink-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-card border border-ink-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      {children}
    </div>
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-ink-600">
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      {label}…
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-card border border-dashed border-ink-300 bg-white px-4 py-10 text-center text-ink-600">
      {children}
    </p>
  );
}

const BANNER = {
  error: { icon: AlertCircle, role: 'alert', classes: 'border-red-300 bg-red-50 text-red-900' },
  success: { icon: CheckCircle2, role: 'status', classes: 'border-green-300 bg-green-50 text-green-900' },
  /** Done, but not the way it should be (a test e-mail saved as a file nobody receives). */
  warning: { icon: TriangleAlert, role: 'status', classes: 'border-amber-300 bg-amber-50 text-amber-950' },
  /** A next step or an explanation, not a failure ("enter the code from your app"). */
  info: { icon: Info, role: 'status', classes: 'border-sky-300 bg-sky-50 text-sky-950' },
} as const;

/** An inline message above a list or form (the Admin Users banners of docs/product.md#users-screen). */
export function Banner({ kind, children }: { kind: keyof typeof BANNER; children: ReactNode }) {
  const { icon: Icon, role, classes } = BANNER[kind];
  return (
    <div role={role} className={`mb-4 flex items-start gap-2 rounded-lg border px-4 py-3 ${classes}`}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}

/** A path on the server, breakable after each / so a long one wraps between its parts on a phone. */
export function ServerPath({ path }: { path: string }) {
  const parts = path.split('/');
  return (
    <code className="rounded bg-ink-100 px-1 [overflow-wrap:anywhere]">
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </span>
      ))}
    </code>
  );
}

/** An on/off switch (Radix, so it is a proper role="switch" with keyboard support). */
export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SwitchPrimitive.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-ink-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-50 data-[state=checked]:bg-success-600"
    >
      <SwitchPrimitive.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
    </SwitchPrimitive.Root>
  );
}
