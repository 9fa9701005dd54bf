import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  parseProxyTrust,
  rateLimitAddress,
  trustsHop,
  type ProxyTrust,
} from './client-address.ts';

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

describe('TRUST_PROXY', () => {
  it('refuses true by name: every hop trusted lets a client choose its own address', () => {
    expect(parseProxyTrust('true')).toMatch(/not true: with true any client picks its own address/);
  });

  it('reads none, a hop count, or proxy addresses and ranges', () => {
    for (const none of [undefined, '', 'false', '0']) expect(parseProxyTrust(none)).toBe(false);
    expect(parseProxyTrust('2')).toBe(2);
    expect(parseProxyTrust('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseProxyTrust('loopback')).toEqual(['loopback']);
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/99', '127.0.0.1,,10.0.0.1', 'nginx'])
      expect(parseProxyTrust(bad), bad).toMatch(/^accepts the number of proxies/);
  });

  // The fast lane answers before Fastify, so its access log must name the address Fastify would.
  const chains = ['', '203.0.113.7', '198.51.100.1, 203.0.113.7', 'forged, 10.0.0.5, 203.0.113.7', ' , ::1'];
  for (const trust of ['1', '2', '127.0.0.1', '127.0.0.1,10.0.0.0/8', 'loopback']) {
    it(`names the client exactly as Fastify's request.ip does with TRUST_PROXY=${trust}`, async () => {
      const trusts = trustsHop(parseProxyTrust(trust) as ProxyTrust);
      const app = Fastify({ trustProxy: trusts });
      app.get('/', async (request) => ({ fastify: request.ip, lane: clientAddress(request.raw, trusts) }));
      for (const chain of chains) {
        const answer = await app.inject({ url: '/', headers: chain ? { 'x-forwarded-for': chain } : {} });
        const { fastify, lane } = answer.json<{ fastify: string; lane: string }>();
        expect(lane, chain).toBe(fastify);
      }
      await app.close();
    });
  }

  it('behind one trusted proxy, entries a client writes itself never become its address', () => {
    const trusts = trustsHop(['127.0.0.1']);
    const request = (forwarded: string) =>
      ({ socket: { remoteAddress: '127.0.0.1' }, headers: { 'x-forwarded-for': forwarded } }) as never;
    // nginx appends the address it saw to whatever the client sent.
    for (const forged of ['1.1.1.1', '10.0.0.1, 2.2.2.2', 'not-an-address'])
      expect(clientAddress(request(`${forged}, 203.0.113.7`), trusts)).toBe('203.0.113.7');
  });
});
