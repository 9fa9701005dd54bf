// Forgot password (docs/product.md#password-reset): an e-mail address, then 'Check Your Email'. The answer is
// the same whether or not the account exists, so the page never reveals who has one. While the site has no
// mail server the link is only saved as a file on the server, and the page says so (issue 28).
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, MailX, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { Banner } from '../../components/admin-ui.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { AuthSubmit, BackToLogin } from '../auth/auth-links.tsx';
import { EmailField } from '../auth/email-field.tsx';

const forgotForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Enter an e-mail address such as name@example.com')),
});
type ForgotForm = z.infer<typeof forgotForm>;

/** The link went to a file on the server, not to anyone's inbox: say so, and where it can be found. */
function NoMailServerNote() {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">{NOT_DELIVERED}.</p>
      <p className="mt-1">
        This website has no mail server set up, so the link was saved as a file on the server instead of being
        e-mailed. Whoever runs the server can find it in the server's log ("mail written to outbox").
      </p>
    </div>
  );
}

export function ForgotPasswordScreen() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<{ to: string; toFile: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotForm), defaultValues: { email: '' } });

  if (sent)
    return (
      <AuthCard title="Check Your Email">
        <div role="status" className="space-y-3 text-ink-700">
          {sent.toFile ? (
            <MailX className="size-12 text-amber-700" aria-hidden="true" />
          ) : (
            <MailCheck className="size-12 text-success-600" aria-hidden="true" />
          )}
          <p>
            If an account exists for <span className="font-semibold text-ink-900">{sent.to}</span>, we have
            sent a link to reset your password.
          </p>
          <p>The link expires in 1 hour. If nothing arrives, check your spam folder or try again.</p>
          {sent.toFile && <NoMailServerNote />}
        </div>
        <BackToLogin />
      </AuthCard>
    );

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const answer = await request.mutateAsync(email);
      setSent({ to: email, toFile: answer.mail_delivery === 'outbox' });
    } catch (caught) {
      setError(errorMessage(caught, 'Failed to send reset email. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the e-mail address of your admin account and we will send you a link to set a new password."
    >
      {error && <Banner kind="error">{error}</Banner>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <EmailField error={errors.email?.message} {...register('email')} />
        <AuthSubmit icon={Send} pending={request.isPending} pendingLabel="Sending…">
          Send reset link
        </AuthSubmit>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
