// The password box of every admin form (login, reset, change, turning off two-factor, a new admin):
// masked, and named for the browser's password manager — 'current' fills in the saved password,
// 'new' offers to make one up and save it.
import type { ComponentProps } from 'react';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/field.tsx';

export function PasswordField({
  purpose,
  required = true,
  ...input
}: { purpose: 'current' | 'new' } & ComponentProps<typeof TextField>) {
  return <TextField type="password" autoComplete={`${purpose}-password`} required={required} {...input} />;
}

type NewPasswordValues = { password: string; confirm: string };

/** The new password and its confirmation (reset and change), with the new one's own hint or length. */
export function NewPasswordFields<Values extends NewPasswordValues>({
  register,
  errors,
  ...newPassword
}: {
  register: UseFormRegister<Values>;
  errors: FieldErrors<NewPasswordValues>;
  hint?: string;
  minLength?: number;
}) {
  // Both names are in every such form (Values extends NewPasswordValues); TypeScript cannot see it.
  const registered = (name: keyof NewPasswordValues) => register(name as Path<Values>);
  return (
    <>
      <PasswordField
        purpose="new"
        label="New password"
        {...newPassword}
        error={errors.password?.message}
        {...registered('password')}
      />
      <PasswordField
        purpose="new"
        label="Confirm new password"
        error={errors.confirm?.message}
        {...registered('confirm')}
      />
    </>
  );
}
