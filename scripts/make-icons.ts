// Draws the site's icons into public/ (copied to the site root by Vite) from one SVG: favicon.svg,
// favicon.ico (a 32 px PNG inside an ICO container), apple-touch-icon.png, icon-192.png, icon-512.png
// and the web manifest. Run it after changing the mark: node --import tsx scripts/make-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve('public');
const THEME = '#0d0f0b';

/** The brand mark (src/web/public/sections/logo-mark.tsx), on a dark rounded tile when `tile`. */
const markSvg = (size: number, tile: boolean) => {
  // A tile keeps the mark inside the maskable safe zone (the inner 80%).
  const inset = tile ? 0.18 : 0;
  const scale = (1 - inset * 2) * (size / 32);
  const offset = inset * size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${tile ? `<rect width="${size}" height="${size}" fill="${THEME}"/>` : ''}
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <circle cx="16" cy="16" r="15" fill="#ff6a00"/>
    <circle cx="16" cy="16" r="10.5" fill="#0f120c"/>
    <circle cx="16" cy="16" r="6.5" fill="#ff6a00"/>
    <circle cx="16" cy="16" r="2.5" fill="#0f120c"/>
    <path d="M16 0v9M16 23v9M0 16h9M23 16h9" stroke="#0f120c" stroke-width="2.4"/>
  </g>
</svg>`;
};

const png = (size: number, tile: boolean) =>
  sharp(Buffer.from(markSvg(size, tile)))
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file holding one PNG image (supported by every browser since Windows Vista-era IE). */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size >= 256 ? 0 : size, 0);
  entry.writeUInt8(size >= 256 ? 0 : size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, image]);
}

fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'favicon.svg'), markSvg(32, false).replace(/\n\s*/g, ''));
fs.writeFileSync(path.join(OUT, 'favicon.ico'), ico(await png(32, false), 32));
fs.writeFileSync(path.join(OUT, 'apple-touch-icon.png'), await png(180, true));
fs.writeFileSync(path.join(OUT, 'icon-192.png'), await png(192, true));
fs.writeFileSync(path.join(OUT, 'icon-512.png'), await png(512, true));
fs.writeFileSync(
  path.join(OUT, 'manifest.webmanifest'),
  `${JSON.stringify(
    {
      name: 'Mobile Airsoft Target Range',
      short_name: 'Target Range',
      description:
        'A mobile interactive airsoft target range for festivals, corporate and private events in the UK.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME,
      background_color: THEME,
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    null,
    2,
  )}\n`,
);
for (const file of fs.readdirSync(OUT)) process.stdout.write(`public/${file}\n`);
