import argon2 from 'argon2';

// OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane) — about 30 ms per hash here.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Burns the same time as a real check, so an unknown e-mail answers no faster than a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-used-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
