// Cuts the public pages' four font faces (Fontsource's "latin" files of Oswald 600/700 and Inter
// 400/600) down to the characters a UK business's content uses, with only the OpenType features a
// browser applies by default, into src/web/public/fonts/ with the @font-face rules that name them.
// The faces weigh 47 KB instead of 74 KB, and they share the phone's link with the hero picture
// before it paints (decisions 0430 and 0493). A character outside
// the set is drawn from the next font in the stack, as any character missing from a font is.
// Run it after upgrading @fontsource/*: node --import tsx scripts/make-fonts.ts
// (make-fonts.test.ts fails while the committed files differ from what it would write.)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

export const FONTS_DIR = path.resolve('src/web/public/fonts');

/** Each face: its family, weight, and the Fontsource file it is cut from. */
export const FACES = [
  { family: 'Oswald', weight: 600, from: '@fontsource/oswald/files/oswald-latin-600-normal.woff2' },
  { family: 'Oswald', weight: 700, from: '@fontsource/oswald/files/oswald-latin-700-normal.woff2' },
  { family: 'Inter', weight: 400, from: '@fontsource/inter/files/inter-latin-400-normal.woff2' },
  { family: 'Inter', weight: 600, from: '@fontsource/inter/files/inter-latin-600-normal.woff2' },
] as const;

/**
 * Printable ASCII and Latin-1 (£, accented letters, ×), Œœ, and the typographic punctuation an
 * editor or a phone's keyboard puts in: dashes, curly quotes, bullet, ellipsis, primes, €, ™, arrows,
 * minus. Inclusive code point ranges, written once for the subset and for `unicode-range`.
 */
const RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2190],
  [0x2192, 0x2192],
  [0x2212, 0x2212],
];

/**
 * What browsers turn on by themselves, less contextual alternates (calt); other alternates, fractions
 * and the like are dropped too. Inter's calt raises a colon, hyphen, plus or bracket set between
 * figures or capitals ("10:30", "£250 + VAT") and turns "->" into an arrow: a fifth of each Inter
 * face, 3 KB, which with it took two round trips of a new connection before the hero painted (decision
 * 0493). The demo page draws the same pixels without it; Oswald has no such table.
 */
const DEFAULT_FEATURES = ['kern', 'liga', 'clig', 'rclt', 'rlig', 'ccmp', 'locl', 'mark', 'mkmk'];

const hex = (code: number) => code.toString(16).toUpperCase();
const fileName = (face: (typeof FACES)[number]) => `${face.family.toLowerCase()}-${face.weight}.woff2`;

function subsetText(): string {
  let text = '';
  for (const [first, last] of RANGES)
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}

export function fontFaceCss(): string {
  const unicodeRange = RANGES.map(([first, last]) =>
    first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`,
  ).join(', ');
  const rules = FACES.map(
    (face) => `@font-face {
  font-family: '${face.family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${face.weight};
  src: url('./${fileName(face)}') format('woff2');
  unicode-range: ${unicodeRange};
}`,
  );
  return `/* Written by scripts/make-fonts.ts: do not edit. */\n${rules.join('\n')}\n`;
}

/** Every file the script writes, by name, with its bytes. */
export async function makeFonts(): Promise<Map<string, Buffer>> {
  const text = subsetText();
  const files = new Map<string, Buffer>();
  for (const face of FACES) {
    const original = fs.readFileSync(path.resolve('node_modules', face.from));
    const cut = await subsetFont(original, text, { targetFormat: 'woff2', keepFeatures: DEFAULT_FEATURES });
    files.set(fileName(face), Buffer.from(cut));
  }
  files.set('fonts.css', Buffer.from(fontFaceCss()));
  // The SIL Open Font License travels with the files (it allows subsetting: neither font reserves a name).
  for (const family of ['inter', 'oswald'])
    files.set(
      `LICENSE-${family}.txt`,
      fs.readFileSync(path.resolve('node_modules/@fontsource', family, 'LICENSE')),
    );
  return files;
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  fs.mkdirSync(FONTS_DIR, { recursive: true });
  for (const [name, bytes] of await makeFonts()) {
    fs.writeFileSync(path.join(FONTS_DIR, name), bytes);
    process.stdout.write(`${name}: ${bytes.length.toLocaleString('en-GB')} bytes\n`);
  }
}
