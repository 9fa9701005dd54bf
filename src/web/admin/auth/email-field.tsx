// The e-mail box of the signed-out forms (login, forgot password): required, with the phone's e-mail
// keyboard. Login names it 'username' so the browser's password manager files it with the password.
import type { ComponentProps } from 'react';
import { TextField } from '../../components/field.tsx';

export function EmailField({
  autoComplete = 'email',
  ...input
}: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return (
    <TextField label="Email" type="email" autoComplete={autoComplete} inputMode="email" required {...input} />
  );
}
