// The committed font files are exactly what scripts/make-fonts.ts writes from the installed
// Fontsource packages, so an upgrade of those packages cannot leave stale cuts behind unnoticed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS_DIR, makeFonts } from './make-fonts.ts';

describe('make-fonts', () => {
  it('the committed files match a fresh run, and each face is smaller than its source', async () => {
    const files = await makeFonts();
    for (const [name, bytes] of files) {
      const committed = fs.readFileSync(path.join(FONTS_DIR, name));
      expect(committed.equals(bytes), `${name} differs: run node --import tsx scripts/make-fonts.ts`).toBe(
        true,
      );
    }
    expect(fs.readdirSync(FONTS_DIR).sort()).toEqual([...files.keys()].sort());
    const css = files.get('fonts.css')!.toString();
    for (const face of ['oswald-600', 'oswald-700', 'inter-400', 'inter-600'])
      expect(css).toContain(`./${face}.woff2`);
    const source = fs.statSync('node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2').size;
    expect(files.get('inter-400.woff2')!.length).toBeLessThan(source * 0.8);
  });
});
