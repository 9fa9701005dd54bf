// The centred card of the signed-out screens (login, forgot and reset password).
import { Crosshair } from 'lucide-react';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
          <Crosshair className="size-6 text-accent-600" aria-hidden="true" />
          CMS Admin
        </p>
        <div className="rounded-card border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="font-display text-3xl font-semibold tracking-wide text-ink-900 uppercase">
            {title}
          </h1>
          {subtitle && <div className="mt-2 text-ink-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
