import { describe, expect, it } from 'vitest';
import { pickEncoding } from './compressed-body.ts';

describe('choosing the encoding of a cached answer from Accept-Encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br, zstd', 'br'], // Chrome: every kept encoding equally welcome, brotli is smaller
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'], // the client's own preference wins
    ['br;q=0, gzip', 'gzip'], // q=0 means "not this one"
    ['*', 'br'],
    ['*;q=0.1, gzip', 'gzip'],
    ['BR', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['identity;q=0', 'identity'], // nothing acceptable: the plain body rather than a refusal
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
