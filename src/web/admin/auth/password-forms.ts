// The password forms' rules, from the server's own schema (docs/product.md#password-reset: 'Password must be
// at least 8 characters long', 'Passwords do not match'), so the form and the server always agree.
import { z } from 'zod';
import { newPasswordField } from '#shared/schemas/accounts.ts';

const matches = (form: { password: string; confirm: string }) => form.password === form.confirm;
const MISMATCH = { message: 'Passwords do not match', path: ['confirm'] };

/** New password and its confirmation (reset screen). */
export const newPasswordForm = z
  .object({ password: newPasswordField, confirm: z.string() })
  .refine(matches, MISMATCH);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** Current, new and confirmation (settings). */
export const changePasswordForm = z
  .object({
    current: z.string().min(1, 'Enter your current password'),
    password: newPasswordField,
    confirm: z.string(),
  })
  .refine(matches, MISMATCH);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
