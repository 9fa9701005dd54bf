// Admin login (SPEC §2, §5, §6, §8): email, password and, once the server asks for it (an error
// containing '2FA'), the code from the authenticator app — or a recovery code instead.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { TOTP_CODE_LENGTH } from '../../../shared/constants.ts';
import { Banner } from '../../components/admin-ui.tsx';
import { TextField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { AuthSubmit } from '../auth/auth-links.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { tokenStore, useToken } from '../auth/token-store.ts';
import { ADMIN_PATHS } from '../paths.ts';

/** The start of the server's answer to a right password without the code (accounts/service.ts). */
const CODE_REQUIRED = '2FA code required';
const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9-]{8,20}$/;
const DIGITS_PATTERN = new RegExp(`^\\d{0,${TOTP_CODE_LENGTH}}$`);

const loginForm = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
  code: z.string().trim(),
});
type LoginForm = z.infer<typeof loginForm>;

/** SPEC §8: the detail, else the message, else 'Login failed'. */
function loginError(error: unknown): string {
  if (error instanceof ApiError) return error.detail || 'Login failed';
  if (error instanceof Error && error.message) return error.message;
  return 'Login failed';
}

export function LoginScreen() {
  const token = useToken();
  const navigate = useNavigate();
  const signedOutIdle = tokenStore.signedOutBecause() === 'inactivity';
  const queryClient = useQueryClient();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [recoveryMode, setRecoveryMode] = useState(false);
  const signingIn = useRef(false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    setError: setFieldError,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '', code: '' },
  });

  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, recoveryMode, setFocus]);

  // Someone already signed in has nothing to do here (the login below navigates by itself).
  if (token && !signingIn.current) return <Navigate to={ADMIN_PATHS.dashboard} replace />;

  const onSubmit = handleSubmit(async ({ email, password, code }) => {
    const valid = recoveryMode ? RECOVERY_CODE_PATTERN.test(code) || code === '' : DIGITS_PATTERN.test(code);
    if (!valid) {
      setFieldError('code', {
        message: recoveryMode
          ? 'A recovery code has 8 to 20 letters, digits and dashes'
          : `Enter the ${TOTP_CODE_LENGTH}-digit code from your app`,
      });
      return;
    }
    setError(null);
    try {
      signingIn.current = true;
      const result = await login.mutateAsync({ email, password, totp_code: code || null });
      queryClient.clear();
      tokenStore.signIn(result.access_token, result.force_password_change);
      void navigate(result.force_password_change ? ADMIN_PATHS.settings : ADMIN_PATHS.dashboard, {
        replace: true,
      });
    } catch (caught) {
      signingIn.current = false;
      const message = loginError(caught);
      setError(message);
      // SPEC §6: an error containing '2FA' means this account needs a code.
      if (message.includes('2FA')) {
        setNeedsCode(true);
        setFocus('code');
      }
    }
  });

  const code = register('code');

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage your website.">
      {signedOutIdle && !error && !needsCode && (
        <Banner kind="info">
          You were signed out after 5 minutes without activity, to keep the site safe on a shared or lost
          device. Sign in again to carry on.
        </Banner>
      )}
      {error &&
        // The server's "2FA code required" is the normal next step for an account with two-factor
        // login, not a failure: said calmly, in the owner's words (issue 16). A wrong code is an error.
        (error.startsWith(CODE_REQUIRED) ? (
          <Banner kind="info">
            Enter the 6-digit code from your authenticator app to finish signing in.
          </Banner>
        ) : (
          <Banner kind="error">{error}</Banner>
        ))}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          purpose="current"
          label="Password"
          error={errors.password?.message}
          {...register('password')}
        />
        {needsCode && (
          <div className="space-y-2">
            {recoveryMode ? (
              <TextField
                key="recovery"
                label="Recovery code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={20}
                hint="One of the recovery codes you saved when you turned on two-factor login. Each works once."
                error={errors.code?.message}
                {...code}
              />
            ) : (
              <TextField
                key="totp"
                label="2FA code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_CODE_LENGTH}
                hint={`The ${TOTP_CODE_LENGTH}-digit code from your authenticator app.`}
                error={errors.code?.message}
                {...code}
                onChange={(event) => {
                  // SPEC §5: digits only, at most 6.
                  event.target.value = event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
                  void code.onChange(event);
                }}
              />
            )}
            <button
              type="button"
              className="rounded text-sm font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400"
              onClick={() => {
                setValue('code', '');
                setRecoveryMode((on) => !on);
              }}
            >
              {recoveryMode ? 'Use the code from my app' : 'Use a recovery code'}
            </button>
          </div>
        )}
        <AuthSubmit icon={LogIn} pending={login.isPending} pendingLabel="Signing in…">
          Sign in
        </AuthSubmit>
      </form>
      <p className="mt-6 text-center">
        <Link
          to={ADMIN_PATHS.forgotPassword}
          className="rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
