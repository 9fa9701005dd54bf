import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './client-address.ts';

describe('rateLimitAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('127.0.0.1')).toBe('127.0.0.1');
  });

  it('folds IPv4-mapped IPv6 to the IPv4 address, in any spelling', () => {
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(rateLimitAddress('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64, whether compressed, full, upper-case or with a zone id', () => {
    const key = '2001:db8:1:2::/64';
    expect(rateLimitAddress('2001:db8:1:2::1')).toBe(key);
    expect(rateLimitAddress('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(rateLimitAddress('2001:DB8:1:2:0:0:0:42')).toBe(key);
    expect(rateLimitAddress('2001:db8:1:2::1%eth0')).toBe(key);
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1%25en0')).toBe('fe80:0:0:0::/64');
  });

  it('tells neighbouring /64s apart', () => {
    expect(rateLimitAddress('2001:db8:1:3::1')).not.toBe(rateLimitAddress('2001:db8:1:2::1'));
  });

  it('returns anything that is not an address unchanged, so it can never merge with a real one', () => {
    for (const garbage of ['', 'garbage', '2001:db8::1::2', '1.2.3', '203.0.113.7:80', '::ffff:999.1.1.1'])
      expect(rateLimitAddress(garbage), garbage).toBe(garbage);
  });
});
