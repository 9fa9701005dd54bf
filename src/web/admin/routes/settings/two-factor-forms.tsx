// The forms of two-factor login that ask for a code: checked by the server's own schema, the server's
// failure shown above the fields. Turning it off and creating new recovery codes share one form.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { recoveryCodesRequest, twoFactorDisableRequest } from '#shared/schemas/accounts.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { TextField } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRegenerateRecoveryCodes } from '../../api/recovery-codes.ts';
import { useDisableTwoFactor } from '../../api/two-factor-disable.ts';
import { SubmitOrCancel } from '../../components/submit-or-cancel.tsx';
import { PasswordField } from '../../auth/password-field.tsx';
import { fieldSentence } from './section.tsx';

/** The form's fields, its submit (which runs `send`), and the failure to show, worded by `failure`. */
export function useTwoFactorForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  defaultValues: DefaultValues<Values>,
  send: (values: Output) => Promise<void>,
  failure: string,
) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await send(values);
    } catch (caught) {
      setError(errorMessage(caught, failure));
    }
  });
  return { register: form.register, errors: form.formState.errors, error, onSubmit };
}

/** The two parties to a form whose answer is a fresh set of recovery codes (turning on, new codes). */
export interface CodesFormProps {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}

/** A form with one code, sent by `request`, whose answer is a fresh set of recovery codes. */
export function useCodeForCodes(
  schema: z.ZodType<{ code: string }, { code: string }>,
  request: (code: string) => Promise<{ recovery_codes: string[] }>,
  onCodes: (codes: string[]) => void,
  failure: string,
) {
  return useTwoFactorForm(
    schema,
    { code: '' },
    async ({ code }) => onCodes((await request(code)).recovery_codes),
    failure,
  );
}

/** The grey panel under the status: a title, what it is about, the fields, the action and Cancel. */
function CodeForm({
  title,
  intro,
  error,
  onSubmit,
  onCancel,
  action,
  children,
}: {
  title: string;
  intro?: string;
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The submit button. */
  action: { label: string; pendingLabel: string; pending: boolean; danger?: boolean };
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid max-w-xl gap-4 rounded-lg bg-ink-50 p-4">
      <p className="font-semibold text-ink-900">{title}</p>
      {intro && <p className="text-ink-700">{intro}</p>}
      {error && <Banner kind="error">{error}</Banner>}
      {children}
      <SubmitOrCancel {...action} onCancel={onCancel} />
    </form>
  );
}

/** A code from the app, or (where the server takes one) a recovery code: up to 20 characters. */
const CODE_PROPS = { autoComplete: 'one-time-code', maxLength: 20 } as const;

export function DisableForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const { register, errors, error, onSubmit } = useTwoFactorForm(
    twoFactorDisableRequest,
    { password: '', code: '' },
    async (values) => {
      await disable.mutateAsync(values);
      onDone();
    },
    'Failed to turn off two-factor login',
  );
  return (
    <CodeForm
      title="Turn off two-factor login"
      error={error}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
      action={{
        label: 'Turn off two-factor login',
        pendingLabel: 'Turning off…',
        pending: disable.isPending,
        danger: true,
      }}
    >
      <PasswordField
        purpose="current"
        required={false}
        label="Your password"
        error={fieldSentence('Password', errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label="Code from the app, or a recovery code"
        {...CODE_PROPS}
        error={fieldSentence('Code', errors.code?.message)}
        {...register('code')}
      />
    </CodeForm>
  );
}

export function RegenerateForm({ onCodes, onCancel }: CodesFormProps) {
  const regenerate = useRegenerateRecoveryCodes();
  const { register, errors, error, onSubmit } = useCodeForCodes(
    recoveryCodesRequest,
    regenerate.mutateAsync,
    onCodes,
    'Failed to create new recovery codes',
  );
  return (
    <CodeForm
      title="New recovery codes"
      intro="Your old recovery codes stop working when you create new ones."
      error={error}
      onSubmit={(event) => void onSubmit(event)}
      onCancel={onCancel}
      action={{ label: 'Create new codes', pendingLabel: 'Creating…', pending: regenerate.isPending }}
    >
      <TextField
        label="Code from the app"
        {...CODE_PROPS}
        error={fieldSentence('Code', errors.code?.message)}
        {...register('code')}
      />
    </CodeForm>
  );
}
