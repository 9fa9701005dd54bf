// Demo pictures are drawn at first run as SVG illustrations in the brand palette (range lanes,
// targets, crosshairs, shooter silhouettes, festival tents, the trailer…) and encoded by sharp, so the
// repository ships no large binaries; the two demo videos are small files in demo/media, drawn from
// the same scenes by scripts/make-demo-videos.ts.
// Photo-like pictures carry no text; only logos and badges do, as real ones would.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  DEFS,
  escapeXml,
  FONT,
  INK,
  ORANGE,
  ORANGE_LIGHT,
  random,
  round,
  type SceneLayers,
} from './picture-parts.ts';
import {
  corporateScene,
  crosshairScene,
  festivalScene,
  marshalScene,
  partyScene,
  rangeLayers,
  rangeScene,
  reactionLayers,
  reactionScene,
  scoreboardScene,
  targetScene,
  teamScene,
  trailerScene,
} from './picture-scenes.ts';

export type PictureKind =
  | 'range'
  | 'target'
  | 'crosshair'
  | 'festival'
  | 'corporate'
  | 'party'
  | 'trailer'
  | 'reaction'
  | 'team'
  | 'scoreboard'
  | 'marshal'
  | 'logo'
  | 'badge';

export interface PictureSpec {
  file: string;
  kind: PictureKind;
  width: number;
  height: number;
  /** Logos and badges only: the name they show. */
  label?: string;
  /** Logos and badges only: a second line (a strapline, a year). */
  caption?: string;
  /** Varies the scene so two pictures of one kind differ. */
  seed?: number;
}

/** A partner logo: an emblem and the organisation's name, light on transparent. */
function logoSvg(spec: PictureSpec, rnd: () => number): string {
  const name = escapeXml((spec.label ?? '').toUpperCase());
  const caption = escapeXml((spec.caption ?? '').toUpperCase());
  const emblems = [
    // sun
    `<circle cx="0" cy="0" r="36" fill="${ORANGE}"/>${Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      return `<line x1="${round(Math.cos(a) * 46)}" y1="${round(Math.sin(a) * 46)}" x2="${round(Math.cos(a) * 62)}" y2="${round(Math.sin(a) * 62)}" stroke="${ORANGE}" stroke-width="7" stroke-linecap="round"/>`;
    }).join('')}`,
    // shield with wheat
    `<path d="M-52 -60 h104 v50 q0 52 -52 76 q-52 -24 -52 -76z" fill="none" stroke="#e8ece2" stroke-width="8"/><path d="M0 -40 v80 M0 -20 l-18 -14 M0 -20 l18 -14 M0 0 l-18 -14 M0 0 l18 -14 M0 20 l-18 -14 M0 20 l18 -14" stroke="${ORANGE}" stroke-width="7" stroke-linecap="round"/>`,
    // stacked triangles
    `<polygon points="0,-62 58,44 -58,44" fill="#e8ece2"/><polygon points="0,-20 34,44 -34,44" fill="${ORANGE}"/>`,
    // star in a ring
    `<circle r="62" fill="none" stroke="${ORANGE}" stroke-width="8"/><polygon points="${Array.from(
      { length: 10 },
      (_, i) => {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 === 0 ? 46 : 20;
        return `${round(Math.cos(a) * r)},${round(Math.sin(a) * r)}`;
      },
    ).join(' ')}" fill="#e8ece2"/>`,
  ];
  const emblem = emblems[(spec.seed ?? Math.floor(rnd() * 4)) % emblems.length];
  // Caps of the condensed bold face run about 0.68 em wide: keep the name inside the 380 px beside the emblem.
  const size = Math.min(58, Math.floor(370 / (Math.max(name.length, 1) * 0.68)));
  return `<g transform="translate(110 150)">${emblem}</g>
    <text x="200" y="${caption ? 160 : 175}" font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#e8ece2">${name}</text>
    ${caption ? `<text x="202" y="205" font-family="${FONT}" font-size="26" letter-spacing="6" fill="${ORANGE_LIGHT}">${caption}</text>` : ''}`;
}

/** A round certification badge with an icon and its name. */
function badgeSvg(spec: PictureSpec): string {
  const name = escapeXml((spec.label ?? '').toUpperCase());
  const caption = escapeXml((spec.caption ?? '').toUpperCase());
  const icon =
    spec.seed === 1
      ? // a hard hat for safety training
        `<path d="M-70 20 a70 70 0 0 1 140 0z" fill="${ORANGE}"/><rect x="-90" y="18" width="180" height="18" rx="9" fill="${ORANGE}"/><rect x="-10" y="-52" width="20" height="60" fill="${INK[900]}"/>`
      : // a shield with a tick for insurance
        `<path d="M-62 -70 h124 v60 q0 62 -62 92 q-62 -30 -62 -92z" fill="${ORANGE}"/><path d="M-30 -8 l22 24 l40 -46" fill="none" stroke="${INK[900]}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
  return `<circle cx="200" cy="200" r="192" fill="${INK[900]}"/>
    <circle cx="200" cy="200" r="176" fill="none" stroke="${ORANGE}" stroke-width="8"/>
    <circle cx="200" cy="200" r="160" fill="none" stroke="#e8ece2" stroke-width="2" stroke-dasharray="6 8"/>
    <g transform="translate(200 150)">${icon}</g>
    <text x="200" y="280" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="40" fill="#e8ece2">${name}</text>
    ${caption ? `<text x="200" y="318" text-anchor="middle" font-family="${FONT}" font-size="22" letter-spacing="4" fill="${ORANGE_LIGHT}">${caption}</text>` : ''}`;
}

const SCENES: Record<Exclude<PictureKind, 'logo' | 'badge'>, (rnd: () => number) => string> = {
  range: (rnd) => rangeScene(rnd, 3, [1, 4]),
  target: targetScene,
  crosshair: crosshairScene,
  festival: (rnd) => festivalScene(rnd, true),
  corporate: corporateScene,
  party: partyScene,
  trailer: trailerScene,
  reaction: reactionScene,
  team: teamScene,
  scoreboard: scoreboardScene,
  marshal: marshalScene,
};

/** The SVG source of a demo picture (exported for tests and for previewing). */
export function pictureSvg(spec: PictureSpec): string {
  const rnd = random((spec.seed ?? 0) + spec.file.length * 97);
  if (spec.kind === 'logo')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 600 300">${logoSvg(spec, rnd)}</svg>`;
  if (spec.kind === 'badge')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 400 400">${badgeSvg(spec)}</svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${DEFS}${SCENES[spec.kind](rnd)}</svg>`;
}

/**
 * A scene split in two for the demo videos (scripts/make-demo-videos.ts): the background without lit
 * targets and the foreground figures (no vignette), so the animation runs between them. The same seed
 * and file as a poster picture give the poster's scene. Drawn `width` wide at the scene's 3:2.
 */
export function videoSceneSvg(
  kind: 'range' | 'reaction',
  spec: Pick<PictureSpec, 'file' | 'width' | 'seed'>,
): SceneLayers {
  const rnd = random((spec.seed ?? 0) + spec.file.length * 97);
  const layers = kind === 'range' ? rangeLayers(rnd, 3, []) : reactionLayers(rnd, true);
  const svg = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${round((spec.width * 2) / 3)}" viewBox="0 0 1200 800">${DEFS}${body}</svg>`;
  return { back: svg(layers.back), front: svg(layers.front) };
}

export async function drawPicture(dir: string, spec: PictureSpec): Promise<void> {
  const target = path.join(dir, spec.file);
  try {
    await fs.access(target);
    return;
  } catch {
    // not drawn yet
  }
  const image = sharp(Buffer.from(pictureSvg(spec)));
  await (
    path.extname(spec.file) === '.png'
      ? image.png({ compressionLevel: 9, palette: true })
      : image.jpeg({ quality: 78, mozjpeg: true })
  ).toFile(target);
}
