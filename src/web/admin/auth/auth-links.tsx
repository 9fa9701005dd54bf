// The links and the submit button of the signed-out screens (login, forgot and reset password).
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { ADMIN_PATHS } from '../paths.ts';

export const AUTH_LINK =
  'inline-flex items-center gap-1.5 rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400';

export function BackToLogin() {
  return (
    <p className="mt-6 text-center">
      <Link to={ADMIN_PATHS.login} className={AUTH_LINK}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to login
      </Link>
    </p>
  );
}

/** The card's one full-width action, which says what it is doing while the request runs. */
export function AuthSubmit({
  icon: Icon,
  pending,
  pendingLabel,
  children,
}: {
  icon: LucideIcon;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      <Icon className="size-5" aria-hidden="true" />
      {pending ? pendingLabel : children}
    </Button>
  );
}
