import { describe, expect, it } from 'vitest';
import { formatPence, parsePounds, penceToPounds } from './money.ts';

describe('parsePounds', () => {
  it('reads pounds and pence exactly, with or without commas and the pound sign', () => {
    expect(parsePounds('1,850.00')).toBe(185_000);
    expect(parsePounds('£1850')).toBe(185_000);
    expect(parsePounds(' 12.5 ')).toBe(1250);
    expect(parsePounds('0.29')).toBe(29);
    expect(parsePounds('1,000,000.01')).toBe(100_000_001);
    expect(parsePounds('19.99')).toBe(1999);
  });

  it('is null when empty and undefined when it is not an amount', () => {
    expect(parsePounds('  ')).toBeNull();
    for (const bad of ['12.345', '1,85', 'ten', '-5', '1.', '1,8500'])
      expect(parsePounds(bad), bad).toBeUndefined();
  });
});

describe('penceToPounds and formatPence', () => {
  it('writes pence back as the owner reads them', () => {
    expect(penceToPounds(185_000)).toBe('1,850.00');
    expect(penceToPounds(5)).toBe('0.05');
    expect(penceToPounds(null)).toBe('');
    expect(formatPence(100_000_001)).toBe('£1,000,000.01');
    expect(formatPence(null)).toBe('—');
  });
});
