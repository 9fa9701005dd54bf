import { describe, expect, it } from 'vitest';
import { changePasswordForm, newPasswordForm } from './password-forms.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('password forms', () => {
  it('uses the documented sentences for a short password and a mismatch', () => {
    expect(messages(newPasswordForm.safeParse({ password: 'short', confirm: 'short' }))).toEqual([
      'Password must be at least 8 characters long',
    ]);
    expect(messages(newPasswordForm.safeParse({ password: 'long enough', confirm: 'long enougH' }))).toEqual([
      'Passwords do not match',
    ]);
    expect(newPasswordForm.safeParse({ password: 'long enough', confirm: 'long enough' }).success).toBe(true);
  });

  it('needs the current password when changing it', () => {
    expect(
      messages(
        changePasswordForm.safeParse({ current: '', password: 'long enough', confirm: 'long enough' }),
      ),
    ).toEqual(['Enter your current password']);
  });
});
