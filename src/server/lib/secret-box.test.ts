import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, legacyPlainSecret } from './secret-box.ts';
import { createKeyedHash } from './secrets.ts';

describe('secret box', () => {
  const key = 'k'.repeat(40);

  it('seals so the stored value hides the secret, and opens it again', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed); // fresh IV every time
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('still opens what the previous version sealed under the same key', () => {
    const sealedBefore = 'v1:aPp9l62n8ptwmCs_.u-5RaB9AKfYpQXbTLO8dsg.eH4iKKxNFTQx8Bz8gYTyAg';
    expect(createSecretBox(key).open(sealedBefore)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a wrong key, a tampered value, or a value that is not encrypted', () => {
    const sealed = createSecretBox(key).seal('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('x'.repeat(40)).open(sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => createSecretBox(key).open(tampered)).toThrow();
    expect(() => createSecretBox(key).open('plain:JBSWY3DPEHPK3PXP')).toThrow(/not encrypted/);
  });

  it("recognises older versions' plain values, so the start-up step can encrypt them", () => {
    expect(legacyPlainSecret('plain:JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(legacyPlainSecret(createSecretBox(key).seal('JBSWY3DPEHPK3PXP'))).toBeUndefined();
  });
});

describe('keyed hash', () => {
  it('depends on the server key and the purpose, so a database copy alone cannot test a guess', () => {
    const value = '7gk2q0xm3hzd9v1c';
    const hash = createKeyedHash('k'.repeat(40), 'recovery-codes');
    expect(hash(value)).toMatch(/^[0-9a-f]{64}$/);
    expect(hash(value)).toBe(hash(value));
    expect(hash(value)).not.toBe(createKeyedHash('x'.repeat(40), 'recovery-codes')(value));
    expect(hash(value)).not.toBe(createKeyedHash('k'.repeat(40), 'other-purpose')(value));
    expect(hash(value)).not.toBe(createHash('sha256').update(value).digest('hex'));
  });
});
