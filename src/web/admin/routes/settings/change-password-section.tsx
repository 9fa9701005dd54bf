// Change password: required when the account was flagged for a forced change, voluntary otherwise.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MIN_PASSWORD_LENGTH } from '#shared/constants.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePassword } from '../../api/change-password.ts';
import { NewPasswordFields, PasswordField } from '../../auth/password-field.tsx';
import { changePasswordForm, type ChangePasswordForm } from '../../auth/password-forms.ts';
import { SettingsSection } from './section.tsx';

const EMPTY: ChangePasswordForm = { current: '', password: '', confirm: '' };

export function ChangePasswordSection({ forced }: { forced: boolean }) {
  const change = useChangePassword();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ current, password }) => {
    setNotice(null);
    try {
      await change.mutateAsync({ current_password: current, new_password: password });
      reset(EMPTY);
      setNotice({
        kind: 'success',
        text: forced
          ? 'Your password has been changed. Every page of the admin is now available.'
          : 'Your password has been changed. Other devices signed in to your account have been signed out.',
      });
    } catch (caught) {
      setNotice({ kind: 'error', text: errorMessage(caught, 'Failed to change password') });
    }
  });

  return (
    <SettingsSection
      id="settings-password"
      title="Change password"
      icon={KeyRound}
      description="Use at least 8 characters; a short sentence is easy to remember and hard to guess."
    >
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid max-w-xl gap-4">
        <PasswordField
          purpose="current"
          label="Current password"
          hint={forced ? 'The temporary password you signed in with.' : undefined}
          error={errors.current?.message}
          {...register('current')}
        />
        <NewPasswordFields register={register} errors={errors} minLength={MIN_PASSWORD_LENGTH} />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
