// The links and the submit button of the signed-out screens (login, forgot and reset password).
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ADMIN_PATHS } from '../paths.ts';

const AUTH_LINK =
  'inline-flex items-center gap-1.5 rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400';

/** A link on a line of its own, centred below the card's content. */
export function AuthLink({
  to,
  afterBanner = false,
  children,
}: {
  to: string;
  /** Straight after a banner, whose own margin is space enough. */
  afterBanner?: boolean;
  children: ReactNode;
}) {
  return (
    <p className={afterBanner ? 'text-center' : 'mt-6 text-center'}>
      <Link to={to} className={AUTH_LINK}>
        {children}
      </Link>
    </p>
  );
}

export function BackToLogin() {
  return (
    <AuthLink to={ADMIN_PATHS.login}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to login
    </AuthLink>
  );
}

/**
 * The card's one full-width action, which says what it is doing while the request runs. In a screen
 * written into the page at build time it waits for the script (docs/decisions/0478): the form can
 * be filled in at once, but sent without script it would put the password in the address.
 */
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
  const hydrated = useHydrated();
  return (
    <Button type="submit" className="w-full" disabled={pending || !hydrated}>
      <Icon className="size-5" aria-hidden="true" />
      {pending ? pendingLabel : children}
    </Button>
  );
}
