import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';

/**
 * Addresses already keyed. Parsing costs ipaddr.js about 1 µs for IPv4 and 20 µs for IPv6, and the
 * tracking routes key every event; the addresses of one busy minute fit easily.
 */
const KEYS_KEPT = 10_000;
const keys = new Map<string, string>();

function keyOf(ip: string): string {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return ipaddr.IPv4.parse(ip).toString();
  if (!ipaddr.IPv6.isValid(ip)) return ip;
  const address = ipaddr.IPv6.parse(ip);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * The address used as a rate-limit key. IPv4-mapped IPv6 is folded to IPv4, and IPv6 is cut to its
 * /64 (zone id dropped), because one subscriber usually holds a whole /64 and could otherwise rotate
 * through it. Anything that is not an address (Fastify always gives one) is returned unchanged.
 */
export function rateLimitAddress(ip: string): string {
  let key = keys.get(ip);
  if (key === undefined) {
    key = keyOf(ip);
    if (keys.size >= KEYS_KEPT) keys.clear();
    keys.set(ip, key);
  }
  return key;
}

/**
 * The proxies in front of the server (TRUST_PROXY): none, how many hops, or their addresses and
 * CIDR ranges. Never "every hop": then X-Forwarded-For's first entry, which the client writes, would
 * be its address (docs/decisions/0433-proxy-trust.md).
 */
export type ProxyTrust = false | number | string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or range written out in full: proxy-addr alone would take "1.5" for 1.0.0.5. */
const isProxyAddress = (entry: string) => {
  const address = entry.split('/')[0]!;
  return (
    PROXY_RANGE_NAMES.includes(entry) ||
    ipaddr.IPv4.isValidFourPartDecimal(address) ||
    ipaddr.IPv6.isValid(address)
  );
};

const ACCEPTS =
  'accepts the number of proxies in front of the server (1 behind one nginx) or their addresses and ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY's value, or what is wrong with it. `true` is refused by name: it trusts every hop, so
 * whatever a client writes first in X-Forwarded-For becomes its address and it escapes every limit.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true')
    return `${ACCEPTS}, not true: with true any client picks its own address through X-Forwarded-For and gets round the rate limits`;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((entry) => entry.trim());
  try {
    if (!addresses.every(isProxyAddress)) throw new Error('not an address');
    proxyaddr.compile(addresses);
  } catch {
    return `${ACCEPTS}; "${text}" is neither`;
  }
  return addresses;
}

/** Whether the address `hop` steps back from the socket is a trusted proxy; false: trust none. */
export type TrustsHop = ((address: string, hop: number) => boolean) | false;

/** The one rule Fastify (its `trustProxy` option) and the fast lane both apply. */
export function trustsHop(trust: ProxyTrust): TrustsHop {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/**
 * The client's address as Fastify's `request.ip` gives it for the same rule (proxy-addr's, the
 * library Fastify uses): the socket's address, or the nearest X-Forwarded-For entry that is not a
 * trusted proxy. For requests answered before Fastify (the fast lane's access log).
 */
export function clientAddress(request: IncomingMessage, trusts: TrustsHop): string {
  if (trusts === false) return request.socket.remoteAddress ?? '';
  return proxyaddr(request, trusts);
}
