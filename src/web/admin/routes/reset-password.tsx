// Reset password (docs/product.md#password-reset): the token comes from the e-mailed link; a new password and
// its confirmation, then 'Password Reset Successful!' and the login screen 3 seconds later.
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, RESET_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { Banner } from '../../components/admin-ui.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { AuthLink, AuthSubmit, BackToLogin } from '../auth/auth-links.tsx';
import { NewPasswordFields } from '../auth/password-field.tsx';
import { newPasswordForm, type NewPasswordForm } from '../auth/password-forms.ts';
import { ADMIN_PATHS } from '../paths.ts';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => void navigate(ADMIN_PATHS.login, { replace: true }),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (!token)
    return (
      <AuthCard title="Reset Password">
        <Banner kind="error">Invalid reset link. Please request a new password reset.</Banner>
        <AuthLink to={ADMIN_PATHS.forgotPassword} afterBanner>
          Request a new link
        </AuthLink>
      </AuthCard>
    );

  if (done)
    return (
      <AuthCard title="Password Reset Successful!">
        <div role="status" className="space-y-3 text-ink-700">
          <CheckCircle2 className="size-12 text-success-600" aria-hidden="true" />
          <p>Your password has been changed. Taking you to the login page…</p>
        </div>
        <AuthLink to={ADMIN_PATHS.login}>Go to login now</AuthLink>
      </AuthCard>
    );

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await confirm.mutateAsync({ token, new_password: password });
      setDone(true);
    } catch (caught) {
      setError(errorMessage(caught, 'Failed to reset password. The link may have expired.'));
    }
  });

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your admin account.">
      {error && <Banner kind="error">{error}</Banner>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <NewPasswordFields
          register={register}
          errors={errors}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Avoid common passwords.`}
        />
        <AuthSubmit icon={KeyRound} pending={confirm.isPending} pendingLabel="Saving…">
          Reset password
        </AuthSubmit>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
