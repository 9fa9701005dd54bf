import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const key = 'k'.repeat(40);

  it('seals with a key so the stored value hides the secret, and opens it again', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed); // fresh IV every time
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a wrong key, a tampered value, or a sealed value with no key', () => {
    const sealed = createSecretBox(key).seal('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox('x'.repeat(40)).open(sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => createSecretBox(key).open(tampered)).toThrow();
    expect(() => createSecretBox(undefined).open(sealed)).toThrow(/TOTP_ENCRYPTION_KEY/);
  });

  it('without a key stores marked plain text, still readable once a key is added', () => {
    const plain = createSecretBox(undefined).seal('JBSWY3DPEHPK3PXP');
    expect(plain).toBe('plain:JBSWY3DPEHPK3PXP');
    expect(createSecretBox(key).open(plain)).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('rate-limit address', () => {
  it('folds IPv4-mapped IPv6 and cuts IPv6 to its /64', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(rateLimitAddress('2001:db8:1:2::1'));
  });
});
