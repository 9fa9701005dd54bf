// Admin login (docs/product.md#sign-in): email, password and, once the server asks for it (an error
// containing '2FA'), the code from the authenticator app — or a recovery code instead.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { TOTP_CODE_LENGTH } from '#shared/constants.ts';
import { Banner } from '../../components/admin-ui.tsx';
import { TextField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useLogin, type LoginInput } from '../api/login.ts';
import { getMe, ME_QUERY_KEY } from '../api/me.ts';
import { browserReturn } from '../auth/return-to.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { AuthSubmit } from '../auth/auth-links.tsx';
import { EmailField } from '../auth/email-field.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { tokenStore, useToken } from '../auth/token-store.ts';
import { ADMIN_PATHS } from '../paths.ts';

/** The start of the server's answer to a right password without the code (server accounts/messages.ts). */
const CODE_REQUIRED = '2FA code required';
const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9-]{8,20}$/;
const DIGITS_PATTERN = new RegExp(`^\\d{0,${TOTP_CODE_LENGTH}}$`);

const loginForm = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
  code: z.string().trim(),
});
type LoginForm = z.infer<typeof loginForm>;

/** The detail, else the message, else 'Login failed'. */
function loginError(error: unknown): string {
  if (error instanceof ApiError) return error.detail || 'Login failed';
  if (error instanceof Error && error.message) return error.message;
  return 'Login failed';
}

/**
 * What was typed into the sign-in form written into the page (docs/decisions/0478) before its script
 * arrived. Hydration keeps the fields; the form's first values must be theirs, or it would empty them.
 */
function typedBeforeStart(name: 'email' | 'password'): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLInputElement>(`#root input[name="${name}"]`)?.value ?? '';
}

const useLoginForm = () =>
  useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: typedBeforeStart('email'), password: typedBeforeStart('password'), code: '' },
  });

/** What is wrong with the code as typed, if anything; an empty recovery code is left to the server. */
function codeProblem(code: string, recoveryMode: boolean): string | null {
  if (recoveryMode)
    return RECOVERY_CODE_PATTERN.test(code) || code === ''
      ? null
      : 'A recovery code has 8 to 20 letters, digits and dashes';
  return DIGITS_PATTERN.test(code) ? null : `Enter the ${TOTP_CODE_LENGTH}-digit code from your app`;
}

/**
 * Where a sign-in goes (issue 28): the screen left signed out, when it was this admin's (or nobody's),
 * else the dashboard. Asking who signed in fills the cache the layout reads anyway.
 */
async function returnDestination(queryClient: QueryClient): Promise<string> {
  const returning = browserReturn();
  if (!returning.pending()) return ADMIN_PATHS.dashboard;
  try {
    const me = await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: getMe });
    return returning.take(me.id) ?? ADMIN_PATHS.dashboard;
  } catch {
    returning.forget();
    return ADMIN_PATHS.dashboard;
  }
}

/** Signs in and opens the admin: Settings first when the password must be changed. */
function useSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  // Set while signing in: the screen's redirect for someone already signed in must not race the
  // navigation below.
  const signingIn = useRef(false);

  async function signIn(request: LoginInput) {
    try {
      signingIn.current = true;
      const result = await login.mutateAsync(request);
      queryClient.clear();
      tokenStore.signIn(result.access_token, result.force_password_change);
      if (result.force_password_change) browserReturn().forget();
      const destination = result.force_password_change
        ? ADMIN_PATHS.settings
        : await returnDestination(queryClient);
      void navigate(destination, { replace: true });
    } catch (caught) {
      signingIn.current = false;
      throw caught;
    }
  }

  return { signIn, pending: login.isPending, signingIn };
}

function ForgotPasswordLink() {
  return (
    <p className="mt-6 text-center">
      <Link
        to={ADMIN_PATHS.forgotPassword}
        className="rounded font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400"
      >
        Forgot password?
      </Link>
    </p>
  );
}

/** The second step for an account with two-factor login: the app's code, or a recovery code. */
function CodeEntry({
  recoveryMode,
  code,
  error,
  onSwitch,
}: {
  recoveryMode: boolean;
  code: UseFormRegisterReturn<'code'>;
  error: string | undefined;
  onSwitch: () => void;
}) {
  return (
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
          error={error}
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
          error={error}
          {...code}
          onChange={(event) => {
            // Digits only, at most 6.
            event.target.value = event.target.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
            void code.onChange(event);
          }}
        />
      )}
      <button
        type="button"
        className="rounded text-sm font-semibold text-accent-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-accent-400"
        onClick={onSwitch}
      >
        {recoveryMode ? 'Use the code from my app' : 'Use a recovery code'}
      </button>
    </div>
  );
}

/** What the card says above the form: the inactivity sign-out, the next step, or what went wrong. */
function LoginNotice({ error, signedOutIdle }: { error: string | null; signedOutIdle: boolean }) {
  return (
    <>
      {signedOutIdle && !error && (
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
    </>
  );
}

export function LoginScreen() {
  const token = useToken();
  const signedOutIdle = tokenStore.signedOutBecause() === 'inactivity';
  const { signIn, pending, signingIn } = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [recoveryMode, setRecoveryMode] = useState(false);
  const { register, handleSubmit, setValue, setFocus, setError: setFieldError, formState } = useLoginForm();
  const { errors } = formState;

  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, recoveryMode, setFocus]);

  // Someone already signed in has nothing to do here (the login below navigates by itself).
  if (token && !signingIn.current) return <Navigate to={ADMIN_PATHS.dashboard} replace />;

  const onSubmit = handleSubmit(async ({ email, password, code }) => {
    const problem = codeProblem(code, recoveryMode);
    if (problem) {
      setFieldError('code', { message: problem });
      return;
    }
    setError(null);
    try {
      await signIn({ email, password, totp_code: code || null });
    } catch (caught) {
      const message = loginError(caught);
      setError(message);
      // An error containing '2FA' means this account needs a code.
      if (message.includes('2FA')) {
        setNeedsCode(true);
        setFocus('code');
      }
    }
  });

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage your website.">
      <LoginNotice error={error} signedOutIdle={signedOutIdle && !needsCode} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <EmailField autoComplete="username" error={errors.email?.message} {...register('email')} />
        <PasswordField
          purpose="current"
          label="Password"
          error={errors.password?.message}
          {...register('password')}
        />
        {needsCode && (
          <CodeEntry
            recoveryMode={recoveryMode}
            code={register('code')}
            error={errors.code?.message}
            onSwitch={() => {
              setValue('code', '');
              setRecoveryMode((on) => !on);
            }}
          />
        )}
        <AuthSubmit icon={LogIn} pending={pending} pendingLabel="Signing in…">
          Sign in
        </AuthSubmit>
      </form>
      <ForgotPasswordLink />
    </AuthCard>
  );
}
