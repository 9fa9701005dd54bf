// The one reading of "control character" every check and clean is built on: C0, DEL and C1 alike.
import { describe, expect, it } from 'vitest';
import {
  controlRanges,
  flattenControlCharacters,
  stripControlCharacters,
  stripControlCharactersButLayout,
} from './control-characters.ts';

const C1 = ['\u0080', '\u0085', '\u009b', '\u009f'];

describe('control characters', () => {
  it('counts C0, DEL and C1, and nothing from U+00A0 on', () => {
    const control = new RegExp(`[${controlRanges()}]`);
    for (const c of ['\u0000', '\t', '\n', '\u001f', '\u007f', ...C1]) expect(control.test(c), c).toBe(true);
    for (const c of [' ', '~', '\u00a0', 'é', '\u2028']) expect(control.test(c), c).toBe(false);
  });

  it('leaves out exactly the characters kept', () => {
    const butNewline = new RegExp(`^[^${controlRanges('\n')}]*$`);
    expect(butNewline.test('two\nlines')).toBe(true);
    expect(butNewline.test('a\ttab')).toBe(false);
    expect(butNewline.test('a\u0085NEL')).toBe(false);
  });

  it('strips and flattens C1 as it does C0', () => {
    expect(stripControlCharacters('a\u0000b\u009bc')).toBe('abc');
    expect(stripControlCharactersButLayout('a\n\u0085b')).toBe('a\nb');
    expect(flattenControlCharacters('Subject\r\n\u0085Bcc: x')).toBe('Subject Bcc: x');
  });
});
