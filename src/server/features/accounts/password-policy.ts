// What a new password must be (issue 3, docs/product.md#sign-in): 8 to 256 characters (checked by the shared
// schema) and not one of the ~49,000 most common passwords that attackers try first.
import { createRequire } from 'node:module';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/constants.ts';
import { badRequest } from '../../lib/http-error.ts';

let common: Set<string> | undefined;

/**
 * The list is ordered by frequency and lower-case. The package (every zxcvbn dictionary, ~13 MB once
 * unpacked) is loaded with the first password checked, not at start-up, which it would slow.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)(
      '@zxcvbn-ts/language-common',
    ) as typeof import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

export const COMMON_PASSWORD_DETAIL =
  'This password is too common. Please choose one that is harder to guess.';

/** Throws a 400 whose detail the change and reset screens show as-is. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw badRequest(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw badRequest(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  // "Password1" is as weak as "password1": compare without case.
  if (commonPasswords().has(password.toLowerCase())) throw badRequest(COMMON_PASSWORD_DETAIL);
}
